/**
 * Texts of the embed: the dates of a page inside another site's iframe (src/landing/Embed.tsx),
 * the snippet's frame title (/embed.js), and the editor's 'Incorpora' panel.
 */
export const embedMessages = {
  'embed.title': 'Date di {title}',
  'embed.frameTitle': 'Date del tour su Palco',
  'embed.noDates': 'Nessuna data in programma al momento.',
  'embed.unavailable': 'Date non disponibili.',
  'embed.openPage': 'Apri la pagina',
  'embed.newTab': '(si apre in una nuova scheda)',

  'editor.embed.title': 'Incorpora',
  'editor.embed.intro': 'Mostra le date sul sito della band: restano aggiornate da sole.',
  'editor.embed.script': 'Codice da incollare (consigliato)',
  'editor.embed.scriptHint': 'Una riga: inserisce le date e ne adatta l’altezza al contenuto.',
  'editor.embed.iframe': 'Alternativa senza script',
  'editor.embed.iframeHint': 'Per i siti che non accettano script: altezza fissa.',
  'editor.embed.copy': 'Copia',
  'editor.embed.copied': 'Codice copiato',
  'editor.embed.copyFailed': 'Impossibile copiare il codice',
  'editor.embed.preview': 'Anteprima',
  'editor.embed.previewFrame': 'Anteprima delle date incorporate',
  'editor.embed.hidden': 'La pagina è nascosta: il sito che la incorpora non mostra nessuna data.',

  'stats.source.embed': 'Sito con le date incorporate',
} as const;
