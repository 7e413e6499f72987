/**
 * Event dates as organisers type them ('sab 12 maggio 2027 ore 21', '12/05/2027') read as ISO
 * 8601. Shared by the public page (JSON-LD, past dates, calendar files) and the editor ('Passata').
 */
const MONTHS: Record<string, number> = {
  gennaio: 1,
  gen: 1,
  febbraio: 2,
  feb: 2,
  marzo: 3,
  mar: 3,
  aprile: 4,
  apr: 4,
  maggio: 5,
  mag: 5,
  giugno: 6,
  giu: 6,
  luglio: 7,
  lug: 7,
  agosto: 8,
  ago: 8,
  settembre: 9,
  set: 9,
  sett: 9,
  ottobre: 10,
  ott: 10,
  novembre: 11,
  nov: 11,
  dicembre: 12,
  dic: 12,
};

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * An Italian event date → ISO 8601 ('2027-03-12', or '2027-03-12T21:00' when a time follows), or
 * null when it does not parse. Accepts '12 marzo 2027', 'sab 12 mar 2027 ore 21:00', '12/03/2027',
 * '12.03.27', '2027-03-12'. A date without a year is not guessed.
 */
export function parseItalianDate(text: string): string | null {
  const s = text.toLowerCase().normalize('NFC');
  const found = findDate(s);
  if (!found?.date) return null;
  const rest = s.slice(found.end);
  const time = /(?:^|[^\d])([01]?\d|2[0-3])[:.]([0-5]\d)(?!\d)/.exec(rest);
  return time ? `${found.date}T${pad(Number(time[1]))}:${time[2]}` : found.date;
}

/** The first date form that matches (ISO, then numeric, then worded), and where its match ends. */
function findDate(s: string): { date: string | null; end: number } | null {
  let m = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
  if (m) return { date: isoDate(Number(m[1]), Number(m[2]), Number(m[3])), end: m.index + m[0].length };
  m = /(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4}|\d{2})(?!\d)/.exec(s);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return { date: isoDate(y, Number(m[2]), Number(m[1])), end: m.index + m[0].length };
  }
  m = /(\d{1,2})(?:°|º)?\s+([a-zà]+)\.?\s+(\d{4})/.exec(s);
  if (m) {
    const month = MONTHS[m[2]!];
    return { date: month ? isoDate(Number(m[3]), month, Number(m[1])) : null, end: m.index + m[0].length };
  }
  return null;
}
