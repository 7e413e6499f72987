// The demo pages `npm start` makes sure exist: a band's tour (text mode, /tour2027) and its new
// record's store links (image mode, /ondelunghe). Idempotent: a page that already exists is left
// as the organiser may have edited it; its buttons are only added when it has none.
// GET /{slug} renders from D1 when no published copy exists yet, so no publish step is needed.

export const DEMO_SLUG = 'tour2027';
export const DEMO_STORE_SLUG = 'ondelunghe';

function q(value) {
  return value === null ? 'NULL' : `'${String(value).replaceAll("'", "''")}'`;
}

const TICKETONE =
  'https://www.ticketone.it/artist/le-vibrazioni-notturne/?utm_source=palco&utm_medium=landing&utm_campaign=tour2027';
const VIVATICKET =
  'https://www.vivaticket.com/it/tour/le-vibrazioni-notturne?utm_source=palco&utm_medium=landing&utm_campaign=tour2027';

/** [date, city, venue, [[label, url], …]] */
const DATES = [
  ['Ven 12 marzo 2027', 'Milano', 'Alcatraz', [['biglietti', TICKETONE]]],
  ['Sab 13 marzo 2027', 'Bologna', 'Estragon', [['soldout', TICKETONE]]],
  [
    'Ven 19 marzo 2027',
    'Roma',
    'Atlantico',
    [
      ['biglietti', TICKETONE],
      ['pacchetti vip', VIVATICKET],
    ],
  ],
  ['Sab 20 marzo 2027', 'Napoli', 'Casa della Musica', [['biglietti', VIVATICKET]]],
  ['Ven 26 marzo 2027', 'Torino', 'Hiroshima Mon Amour', [['tickets', TICKETONE]]],
];

const STORES = [
  ['spotify', 'Ascolta su Spotify', 'https://open.spotify.com/'],
  ['applemusic', 'Ascolta su Apple Music', 'https://music.apple.com/it/'],
  ['youtubemusic', 'Ascolta su YouTube Music', 'https://music.youtube.com/'],
  ['bandcamp', 'Acquista su Bandcamp', 'https://bandcamp.com/'],
  ['amazon', 'CD e vinili su Amazon', 'https://www.amazon.it/'],
];

// The header's pixel size (the SVG's own width and height) is recorded as an upload's would be,
// so the page reserves its space before the file arrives; a demo page seeded before sizes were
// stored gets it too, as long as its header is still the demo's.
function pageSql({ slug, title, displayTitle, mode, style, header, size: [width, height] }) {
  return `INSERT OR IGNORE INTO landing_pages
  (folder_name, title, title_key, display_title, company, visible, mode, style, header)
VALUES (${q(slug)}, ${q(title)}, ${q(title.toLowerCase())}, ${q(displayTitle)}, 'Palco', 1, ${q(mode)}, ${q(style)}, ${q(header)});
UPDATE landing_pages SET header_width = ${width}, header_height = ${height}, header_size_of = ${q(header)}
WHERE folder_name = ${q(slug)} AND header = ${q(header)} AND header_size_of = '';`;
}

function buttonsSql(slug, rows) {
  const values = rows
    .map((r) => `(${r.map((v) => (typeof v === 'number' ? String(v) : q(v))).join(', ')})`)
    .join(',\n  ');
  return `INSERT INTO buttons (page_id, position, type, text, image_path, url, cta_buttons)
SELECT p.id, v.column1, v.column2, v.column3, v.column4, v.column5, v.column6
FROM landing_pages p, (VALUES
  ${values}) v
WHERE p.folder_name = ${q(slug)} AND NOT EXISTS (SELECT 1 FROM buttons b WHERE b.page_id = p.id);`;
}

/** The SQL that makes sure both demo pages exist (run with `wrangler d1 execute`). */
export function demoSql() {
  const tour = DATES.map(([date, city, venue, ctas], i) => [
    i + 1,
    'text',
    `${date} - ${city} - ${venue}|${ctas[0][0]}`,
    null,
    ctas[0][1],
    JSON.stringify(ctas.map(([buttonText, url]) => ({ url, buttonText }))),
  ]);
  const stores = STORES.map(([name, text, url], i) => [i + 1, 'image', text, `/stores/${name}.svg`, url, null]);
  return [
    pageSql({
      slug: DEMO_SLUG,
      title: 'Le Vibrazioni Notturne — Tour 2027',
      displayTitle: 'Le Vibrazioni Notturne — Tour 2027',
      mode: 'text',
      style: 'dark',
      header: '/demo/tour2027.svg',
      size: [1200, 900],
    }),
    buttonsSql(DEMO_SLUG, tour),
    pageSql({
      slug: DEMO_STORE_SLUG,
      title: 'Le Vibrazioni Notturne — Onde Lunghe',
      displayTitle: 'Onde Lunghe — il nuovo disco',
      mode: 'image',
      style: 'light',
      header: '/demo/disco2027.svg',
      size: [1200, 1200],
    }),
    buttonsSql(DEMO_STORE_SLUG, stores),
  ].join('\n');
}
