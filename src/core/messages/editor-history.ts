/**
 * Texts of the editor's history, trash and roles (docs/behaviour.md#in-the-editor-history-trash-and-roles):
 * the 'Cronologia' view, the sidebar's 'Cestino', the delete dialog and the read-only note.
 * Keys are flat and dotted; placeholders are written {name}.
 */
export const editorHistoryMessages = {
  // quoted from the product specification
  'historyView.tab': 'Cronologia',
  'historyView.restore': 'Ripristina',
  'trashList.title': 'Cestino',
  'trashList.purge': 'Elimina definitivamente',

  // The 'Cronologia' view
  'historyView.intro':
    'Ogni salvataggio è una versione: si tengono le ultime 50 e tutte quelle degli ultimi 90 giorni.',
  'historyView.loadFailed': 'Impossibile caricare la cronologia.',
  'historyView.retry': 'Riprova',
  'historyView.note':
    'Ripristinare una versione cambia solo il contenuto della pagina: visite, clic e fan restano come sono.',
  'historyView.empty': 'Nessuna versione ancora: la prima nasce con il prossimo salvataggio.',
  'historyView.current': 'Attuale',
  'historyView.by': 'di {name}',
  'historyView.noSummary': 'Nessuna modifica descritta',
  'historyView.kind.created': 'Creata',
  'historyView.kind.saved': 'Salvata',
  'historyView.kind.restored': 'Ripristinata',
  'historyView.kind.availability': 'Disponibilità',
  'historyView.kind.visibility': 'Visibilità',
  'historyView.kind.schedule': 'Programmazione',
  'historyView.open': 'Apri',
  'historyView.openLabel': 'Apri la versione del {when}',
  'historyView.restoreLabel': 'Ripristina la versione del {when}',
  'historyView.openFailed': 'Impossibile aprire la versione: {detail}',
  'historyView.previewTitle': 'Versione salvata',
  'historyView.restore.title': 'Ripristinare la versione del {when}?',
  'historyView.restore.message':
    'La pagina torna com’era il {when} e viene pubblicata subito, come nuova versione. Clic e fan restano come sono.',
  'historyView.restore.dirty': ' Le modifiche non salvate nel modulo andranno perse.',
  'historyView.restored': 'Versione del {when} ripristinata e pubblicata',
  'historyView.restoreFailed': 'Ripristino non riuscito: {detail}',

  // The sidebar's 'Cestino'
  'trashList.toggle': 'Cestino ({count})',
  'trashList.intro': 'Le pagine eliminate restano qui 30 giorni, con statistiche e fan, poi spariscono per sempre.',
  'trashList.empty': 'Il cestino è vuoto.',
  'trashList.loadFailed': 'Impossibile caricare il cestino.',
  'trashList.deletedBy': 'Eliminata da {name} il {when}',
  'trashList.deletedAt': 'Eliminata il {when}',
  'trashList.daysLeft': 'Ancora {days} giorni',
  'trashList.lastDay': 'Ultimo giorno',
  'trashList.oneDay': 'Ancora 1 giorno',
  'trashList.holds': '{fans} fan · {views} visite',
  'trashList.restoreLabel': 'Ripristina "{title}"',
  'trashList.purgeLabel': 'Elimina definitivamente "{title}"',
  'trashList.restored': '"{title}" è tornata tra le pagine',
  'trashList.restoreFailed': 'Ripristino non riuscito: {detail}',
  'trashList.purge.title': 'Eliminare per sempre "{title}"?',
  'trashList.purge.message':
    'La pagina, le sue statistiche, i fan e le versioni spariscono per sempre: non si potrà più recuperare.',
  'trashList.purge.prompt': 'Per confermare scrivi l’indirizzo della pagina: {slug}',
  'trashList.purge.mismatch': 'Scrivi esattamente {slug}',
  'trashList.purged': '"{title}" eliminata definitivamente',
  'trashList.purgeFailed': 'Eliminazione non riuscita: {detail}',

  // The page delete dialog: what goes, and that it comes back
  'trashList.delete.title': 'Spostare "{title}" nel cestino?',
  'trashList.delete.message':
    'La pagina /{slug} esce subito dal sito pubblico e i suoi link smettono di funzionare. Statistiche, fan e versioni restano: puoi ripristinarla dal Cestino per 30 giorni.',
  'trashList.delete.confirm': 'Sposta nel cestino',
  'trashList.deleted': '"{title}" è nel cestino: puoi ripristinarla per 30 giorni',

  // Roles inside the editor
  'editorRoles.readOnly':
    'Il tuo ruolo è Lettore: puoi guardare pagine, anteprima, statistiche, fan e cronologia, ma non modificarle.',
  'editorRoles.pickPage.title': 'Scegli una pagina da guardare',
  'editorRoles.pickPage.text': 'Le pagine della tua società si aprono in sola lettura.',
  'editorRoles.close': 'Chiudi la pagina',
  'editorRoles.pickPage.open': 'Apri l’elenco delle pagine',
} as const;
