/**
 * Texts of teams: roles, the rights' refusals and the activity log's acts
 * (docs/behaviour.md#teams). Keys are flat and dotted; placeholders are written {name}.
 */
export const teamMessages = {
  'team.role.owner': 'Titolare',
  'team.role.editor': 'Editor',
  'team.role.viewer': 'Lettore',
  'team.fansAccess': 'Dati dei fan',
  'team.forbidden.write': 'Con il ruolo di Lettore puoi guardare le pagine, ma non modificarle.',
  'team.forbidden.owner': 'Solo un titolare della società può farlo.',
  'team.forbidden.fans': 'Non hai il permesso di vedere i dati dei fan: chiedilo a un titolare.',
  'team.forbidden.notMember': 'Non fai (ancora) parte del team di questa società.',
  // quoted from the product specification
  'team.requested': "La tua richiesta di entrare in {company} aspetta l'approvazione di un titolare",
  'activity.page.created': 'ha creato la pagina',
  'activity.page.saved': 'ha salvato la pagina',
  'activity.page.hidden': 'ha nascosto la pagina',
  'activity.page.shown': 'ha reso visibile la pagina',
  'activity.page.scheduled': 'ha cambiato la programmazione della pagina',
  'activity.page.trashed': 'ha spostato la pagina nel cestino',
  'activity.page.restored': 'ha ripristinato la pagina dal cestino',
  'activity.page.purged': 'ha eliminato definitivamente la pagina',
  'activity.version.restored': 'ha ripristinato una versione della pagina',
  'activity.availability.changed': 'ha cambiato la disponibilità dei biglietti',
  'activity.alert.sent': 'ha inviato subito un avviso ai fan',
  'activity.alert.cancelled': 'ha annullato un avviso ai fan',
  'activity.fans.exported': 'ha scaricato i fan in CSV',
  'activity.presale.codes.added': 'ha caricato codici della prevendita',
  'activity.presale.codes.replaced': 'ha sostituito i codici della prevendita',
  /** the summary of a codes upload: the date, then the codes it brought ('Milano 12/05: 3 codici') */
  'presale.activity.summary': '{event}: {codes}',
  'activity.fan.removed': 'ha rimosso un fan',
  'activity.member.invited': 'ha invitato',
  'activity.member.accepted': 'ha accettato nel team',
  'activity.member.refused': 'ha rifiutato la richiesta di',
  'activity.member.changed': 'ha cambiato ruolo o permessi di',
  'activity.member.removed': 'ha rimosso dal team',
} as const;
