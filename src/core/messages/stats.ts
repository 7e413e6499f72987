/**
 * Texts of the editor's statistics view: the period, the headline figures, the chart of views,
 * clicks and fan sign-ups per day, the clicks per event and call-to-action, where visitors come from and the
 * fan sign-ups each source brought.
 * The load error and the refresh toast are quoted from the product specification and live with
 * the other extras (editor-extras.ts).
 */
export const statsMessages = {
  'stats.title': 'Statistiche',
  'stats.period': 'Periodo',
  'stats.period.7': '7 giorni',
  'stats.period.30': '30 giorni',
  'stats.period.90': '90 giorni',
  'stats.period.all': 'Tutto',
  'stats.period.allLabel': 'Tutto, dalla creazione della pagina (fino a 400 giorni)',
  'stats.range': 'Dal {from} al {to}',
  'stats.range.oneDay': 'Oggi, {day}',
  'stats.updatedAt': 'aggiornate alle {time}',
  'stats.refresh': 'Aggiorna',
  'stats.csv': 'Scarica CSV',
  'stats.csv.failed': 'Impossibile scaricare il CSV: {detail}',
  'stats.freshness':
    'Visite, clic e iscrizioni compaiono qui entro 10 secondi da quando avvengono: tocca Aggiorna per vederli.',

  // Headline figures
  'stats.kpi.views': 'Visite',
  'stats.kpi.clicks': 'Clic',
  'stats.kpi.ctr': 'Tasso di clic',
  'stats.kpi.ctr.hint': 'clic ogni 100 visite',
  'stats.kpi.ctr.none': 'nessuna visita',
  'stats.kpi.signups': 'Iscrizioni fan',
  'stats.kpi.signups.hint': 'dal modulo Avvisami',
  'stats.noValue': '—',

  // Chart
  'stats.chart.title': 'Visite, clic e iscrizioni al giorno',
  'stats.chart.summary':
    'Grafico di visite, clic e iscrizioni fan al giorno dal {from} al {to}: {views} visite e {clicks} clic in tutto, con {signups}. Giorno con più visite: {best}, {bestViews}.',
  'stats.chart.summaryNoViews':
    'Grafico di visite, clic e iscrizioni fan al giorno dal {from} al {to}: nessuna visita e {clicks} clic in tutto, con {signups}.',
  'stats.chart.legend.views': 'Visite',
  'stats.chart.legend.clicks': 'Clic',
  'stats.chart.legend.signups': 'Iscrizioni fan',
  'stats.chart.readout': '{date}: {views}, {clicks}, {signups}',
  'stats.chart.table.show': 'Mostra come tabella',
  'stats.chart.table.hide': 'Nascondi la tabella',
  'stats.chart.table.caption': 'Visite, clic e iscrizioni fan al giorno, dal {from} al {to}',
  'stats.chart.table.day': 'Giorno',
  'stats.chart.table.views': 'Visite',
  'stats.chart.table.clicks': 'Clic',
  'stats.chart.table.signups': 'Iscrizioni fan',

  // Counts in rows
  'stats.views.one': '1 visita',
  'stats.views.many': '{count} visite',
  'stats.clicks.one': '1 clic',
  'stats.clicks.many': '{count} clic',
  'stats.signups.one': '1 iscrizione',
  'stats.signups.many': '{count} iscrizioni',
  'stats.shareOfClicks': '{percent} dei clic',
  'stats.shareOfViews': '{percent} delle visite',

  // Clicks per event and call-to-action
  'stats.buttons.title': 'Clic per pulsante',
  'stats.buttons.intro': 'Quota di tutti i clic del periodo; sotto ogni evento, i clic di ciascun link.',
  'stats.buttons.none': 'La pagina non ha pulsanti: aggiungine uno per vedere quanti lo toccano.',
  'stats.buttons.noClicks': 'Ancora nessun clic in questo periodo.',
  'stats.buttons.event': 'Evento {position}',
  'stats.buttons.image': 'Pulsante immagine {position}',
  'stats.buttons.removed': 'Pulsanti eliminati',
  'stats.buttons.cta': 'Link {number}',

  // Breakdowns
  'stats.sources.title': 'Provenienza',
  'stats.devices.title': 'Dispositivi',
  'stats.countries.title': 'Paesi',
  'stats.breakdown.legend': 'Barre: quota delle visite; a destra i clic.',
  'stats.breakdown.none': 'Nessun dato in questo periodo.',
  'stats.breakdown.more': 'Mostra tutti ({count})',
  'stats.breakdown.less': 'Mostra meno',
  'stats.source.direct': 'Diretto',
  'stats.source.other': 'Altri siti',
  'stats.source.qr': 'Codice QR',
  'stats.source.instagram': 'Instagram',
  'stats.source.facebook': 'Facebook',
  'stats.source.tiktok': 'TikTok',
  'stats.source.whatsapp': 'WhatsApp',
  'stats.source.telegram': 'Telegram',
  'stats.source.youtube': 'YouTube',
  'stats.source.google': 'Google',
  'stats.source.x': 'X (Twitter)',
  'stats.source.linktree': 'Linktree',
  'stats.source.folded': 'Altre fonti',
  'stats.device.mobile': 'Smartphone',
  'stats.device.tablet': 'Tablet',
  'stats.device.desktop': 'Computer',
  'stats.country.unknown': 'Sconosciuto',
  'stats.country.folded': 'Altri paesi',

  // Empty states
  'stats.empty.title': 'Ancora nessuna visita',
  'stats.empty.text': 'Condividi il link o il QR code della pagina: visite e clic compariranno qui.',
  'stats.emptyPeriod.title': 'Nessuna visita in questo periodo',
  'stats.emptyPeriod.text': 'Scegli un periodo più lungo per vedere le visite precedenti.',
} as const;
