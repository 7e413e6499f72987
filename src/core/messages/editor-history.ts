/**
 * Texts of the editor's history, trash and roles (docs/behaviour.md#in-the-editor-history-trash-and-roles):
 * the 'Cronologia' view, the sidebar's 'Cestino', the delete dialog and the read-only note.
 * Keys are flat and dotted; placeholders are written {name}.
 */
export const editorHistoryMessages = {
  // quoted from the product specification
  'history.tab': 'Cronologia',
  'history.restore': 'Ripristina',
  'trash.title': 'Cestino',
  'trash.purge': 'Elimina definitivamente',

  // The 'Cronologia' view
  'history.intro': 'Ogni salvataggio è una versione: si tengono le ultime 50 e tutte quelle degli ultimi 90 giorni.',
  'history.loadFailed': 'Impossibile caricare la cronologia.',
  'history.retry': 'Riprova',
  'history.note':
    'Ripristinare una versione cambia solo il contenuto della pagina: visite, clic e fan restano come sono.',
  'history.empty': 'Nessuna versione ancora: la prima nasce con il prossimo salvataggio.',
  'history.current': 'Attuale',
  'history.by': 'di {name}',
  'history.noSummary': 'Nessuna modifica descritta',
  'history.kind.created': 'Creata',
  'history.kind.saved': 'Salvata',
  'history.kind.restored': 'Ripristinata',
  'history.kind.availability': 'Disponibilità',
  'history.kind.visibility': 'Visibilità',
  'history.kind.schedule': 'Programmazione',
  'history.open': 'Apri',
  'history.openLabel': 'Apri la versione del {when}',
  'history.restoreLabel': 'Ripristina la versione del {when}',
  'history.openFailed': 'Impossibile aprire la versione: {detail}',
  'history.previewTitle': 'Versione del {when}',
  'history.restore.title': 'Ripristinare la versione del {when}?',
  'history.restore.message':
    'La pagina torna com’era il {when} e viene pubblicata subito, come nuova versione. Clic e fan restano come sono.',
  'history.restore.dirty': ' Le modifiche non salvate nel modulo andranno perse.',
  'history.restored': 'Versione del {when} ripristinata e pubblicata',
  'history.restoreFailed': 'Ripristino non riuscito: {detail}',

  // The sidebar's 'Cestino'
  'trash.toggle': 'Cestino ({count})',
  'trash.intro': 'Le pagine eliminate restano qui 30 giorni, con statistiche e fan, poi spariscono per sempre.',
  'trash.empty': 'Il cestino è vuoto.',
  'trash.loadFailed': 'Impossibile caricare il cestino.',
  'trash.deletedBy': 'Eliminata da {name} il {when}',
  'trash.deletedAt': 'Eliminata il {when}',
  'trash.daysLeft': 'Ancora {days} giorni',
  'trash.lastDay': 'Ultimo giorno',
  'trash.oneDay': 'Ancora 1 giorno',
  'trash.holds': '{fans} fan · {views} visite',
  'trash.restoreLabel': 'Ripristina "{title}"',
  'trash.purgeLabel': 'Elimina definitivamente "{title}"',
  'trash.restored': '"{title}" è tornata tra le pagine',
  'trash.restoreFailed': 'Ripristino non riuscito: {detail}',
  'trash.purge.title': 'Eliminare per sempre "{title}"?',
  'trash.purge.message':
    'La pagina, le sue statistiche, i fan e le versioni spariscono per sempre: non si potrà più recuperare.',
  'trash.purge.prompt': 'Per confermare scrivi l’indirizzo della pagina: {slug}',
  'trash.purge.mismatch': 'Scrivi esattamente {slug}',
  'trash.purged': '"{title}" eliminata definitivamente',
  'trash.purgeFailed': 'Eliminazione non riuscita: {detail}',

  // The page delete dialog: what goes, and that it comes back
  'trash.delete.title': 'Spostare "{title}" nel cestino?',
  'trash.delete.message':
    'La pagina /{slug} esce subito dal sito pubblico e i suoi link smettono di funzionare. Statistiche, fan e versioni restano: puoi ripristinarla dal Cestino per 30 giorni.',
  'trash.delete.confirm': 'Sposta nel cestino',
  'trash.deleted': '"{title}" è nel cestino: puoi ripristinarla per 30 giorni',

  // Roles inside the editor
  'roles.readOnly':
    'Il tuo ruolo è Lettore: puoi guardare pagine, anteprima, statistiche, fan e cronologia, ma non modificarle.',
  'roles.pickPage.title': 'Scegli una pagina da guardare',
  'roles.pickPage.text': 'Apri l’elenco delle pagine della tua società: le vedrai in sola lettura.',
} as const;
