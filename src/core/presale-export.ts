/**
 * The CSV of who got which presale code (docs/behaviour.md#presales-in-the-fan-view): one row per
 * code given to a fan, with the fan's other data as the fans' export has them (cities, time of
 * the confirmation, consent). Shared by the Worker (the route) and the editor (the download's
 * name). House style and formula guard: src/core/csv.ts.
 */
import { csvText } from './csv';
import { consentText, romeDateTime } from './fans-export';
import { ALL_CITIES } from './fans';
import { t } from './messages';

/** The file name of GET …/buttons/{id}/presale.csv: '{slug}-prevendita-{id}-{YYYY-MM-DD}.csv'. */
export function presaleCsvFilename(slug: string, buttonId: number, day: string): string {
  return `${slug}-prevendita-${buttonId}-${day}.csv`;
}

/** One code given to a fan, as the export writes it. */
export interface PresaleExportRow {
  /** '' when the fan has since erased their data (the code stays used) */
  email: string;
  code: string;
  assigned_at: string;
  /** null while its e-mail has not left */
  sent_at: string | null;
  /** the cities the fan follows, in the order they chose them (ALL_CITIES for every date) */
  cities: string[];
  confirmed_at: string | null;
  consent_version: string | null;
}

/** The cities of one fan in one cell: 'Milano, Tutte le date'. */
function citiesCell(cities: readonly string[]): string {
  return cities.map((city) => (city === ALL_CITIES ? t('fans.public.allDates') : city)).join(', ');
}

/**
 * The CSV of a date's given codes: e-mail, code, assigned at, sent at, cities, confirmed at
 * (Europe/Rome, '25/11/2026 10:42'), consent text; in the order the codes were given.
 */
export function presaleCsv(rows: readonly PresaleExportRow[], page: { company: string; title: string }): string {
  const header = [
    t('presale.fans.csv.email'),
    t('presale.fans.csv.code'),
    t('presale.fans.csv.assignedAt'),
    t('presale.fans.csv.sentAt'),
    t('presale.fans.csv.cities'),
    t('presale.fans.csv.confirmedAt'),
    t('presale.fans.csv.consent'),
  ];
  return csvText([
    header,
    ...rows.map((r) => [
      r.email,
      r.code,
      romeDateTime(r.assigned_at),
      r.sent_at ? romeDateTime(r.sent_at) : '',
      citiesCell(r.cities),
      r.confirmed_at ? romeDateTime(r.confirmed_at) : '',
      r.consent_version ? consentText(r.consent_version, page) : '',
    ]),
  ]);
}
