/**
 * The trash's clock (docs/behaviour.md#trash): a page moved to the trash at `deleted_at` is
 * deleted for ever TRASH_DAYS later. Shared by the Worker (answers, the hourly purge, the e-mail)
 * and the site (the 'Cestino' list).
 */
import { TRASH_DAYS } from './constants';
import { romeBucket } from './traffic';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant (ISO 8601 UTC) a page trashed at `deletedAt` is deleted for ever. */
export function purgeAt(deletedAt: string): string {
  return new Date(Date.parse(deletedAt) + TRASH_DAYS * DAY_MS).toISOString();
}

/** Whole days left before the purge, counted up (a page with 3 hours left has 1 day), never below 0. */
export function daysLeft(deletedAt: string, now: Date = new Date()): number {
  const left = Date.parse(purgeAt(deletedAt)) - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

/** The Europe/Rome calendar day of an instant, as dd/mm/yyyy. */
export function romeDayText(iso: string): string {
  const [y, m, d] = romeBucket(new Date(iso)).day.split('-');
  return `${d}/${m}/${y}`;
}
