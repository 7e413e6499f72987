/**
 * The organiser's export of a page's fans (docs/behaviour.md#for-the-organiser) and the times the
 * fan screens show: the CSV file's name and text, the consent text a fan agreed to, and instants
 * written as Italian Europe/Rome date-times. Shared by the Worker (the CSV route) and the editor
 * (the download's name, the alerts' times).
 */
import { csvText } from './csv';
import { ALL_CITIES, FAN_CONSENT_VERSION, FAN_CONSENT_VERSION_NEW_DATES } from './fans';
import { type MessageKey, t } from './messages';
import { utcToRomeLocal } from './schedule';

/** The file name of GET …/{slug}/fans.csv: the Worker sends it, the site saves the download under it. */
export function fansCsvFilename(slug: string, day: string): string {
  return `${slug}-fan-${day}.csv`;
}

/** An instant as Europe/Rome clock time, '10:42' ('' for text that is no instant). */
export function romeTime(iso: string): string {
  return utcToRomeLocal(iso).slice(11, 16);
}

/** An instant as an Italian Europe/Rome date and time, '25/11/2026 10:42' ('' for text that is no instant). */
export function romeDateTime(iso: string): string {
  const local = utcToRomeLocal(iso);
  return local ? `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}` : '';
}

/**
 * The consent line of each version, as the catalogue holds it. A new version of the line gets a
 * new key here, so the fans who agreed to an older one keep its words in the export.
 */
const CONSENT_TEXTS: Readonly<Record<string, MessageKey>> = {
  [FAN_CONSENT_VERSION_NEW_DATES]: 'drops.consent.newDatesOnly',
  [FAN_CONSENT_VERSION]: 'fans.public.consent',
};

/** The consent a fan agreed to: the line of its version filled with the page's company and title, then the version. */
export function consentText(version: string, page: { company: string; title: string }): string {
  const key = Object.hasOwn(CONSENT_TEXTS, version) ? CONSENT_TEXTS[version] : undefined;
  if (!key) return t('fans.editor.csv.consentVersion', { version });
  return t('fans.editor.csv.consentText', { text: t(key, page), version });
}

/** One confirmed fan and one city they follow, as the export writes it. */
export interface FanExportRow {
  email: string;
  /** the city as shown, or ALL_CITIES */
  city: string;
  confirmed_at: string;
  consent_version: string;
}

/**
 * The CSV of a page's confirmed fans: e-mail, city ('Tutte le date' for all of them), confirmed
 * at (Europe/Rome), consent text; one row per fan and city, in the house style of src/core/csv.ts.
 */
export function fansCsv(rows: readonly FanExportRow[], page: { company: string; title: string }): string {
  const header = [
    t('fans.editor.csv.email'),
    t('fans.editor.csv.city'),
    t('fans.editor.csv.confirmedAt'),
    t('fans.editor.csv.consent'),
  ];
  return csvText([
    header,
    ...rows.map((r) => [
      r.email,
      r.city === ALL_CITIES ? t('fans.public.allDates') : r.city,
      romeDateTime(r.confirmed_at),
      consentText(r.consent_version, page),
    ]),
  ]);
}
