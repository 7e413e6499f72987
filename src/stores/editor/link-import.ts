/**
 * 'Importa da link' (docs/behaviour.md#in-the-editor-importa-da-link): the ticket page's address,
 * the events the Worker read there, and which of them the organiser keeps. Loaded with its
 * dialog, never with the editor.
 *
 *   $linkUrl      what the organiser pasted
 *   $linkRead     the read: idle, reading, its rows, or the reason it failed
 *   $linkChosen   the indexes of the rows to add
 */
import { atom, computed } from 'nanostores';
import { DEFAULT_CTA_LABEL } from '../../core/constants';
import type { EventRow } from '../../core/event-rows';
import { t } from '../../core/messages';
import { type ExistingEvent, isSameEvent, rowDateText } from '../../core/ticket-events';
import type { TicketEvent } from '../../core/ticket-import';
import { errorText } from '../../lib/api';
import { readTicketPage } from '../../lib/ticket-import-client';
import { addEvents, listEvents, type NewEvent } from './import';
import { $buttons, $editing, type EditorButton } from './state';

export interface LinkRow extends TicketEvent {
  index: number;
}

export type LinkRead =
  | { phase: 'idle' }
  | { phase: 'reading' }
  | { phase: 'done'; rows: LinkRow[] }
  | { phase: 'failed'; error: string };

export const $linkUrl = atom('');
export const $linkRead = atom<LinkRead>({ phase: 'idle' });
export const $linkChosen = atom<ReadonlySet<number>>(new Set());

/** The list's dates (the export's rows, unsaved ones included) as the judging compares them. */
function existingEvents(buttons: readonly EditorButton[]): ExistingEvent[] {
  return listEvents(buttons).map((e) => ({ date: e.date, city: e.city, urls: e.ctas.map((c) => c.url) }));
}

/**
 * The Worker's rows with the editor's own list applied: a new event that matches a date already
 * in the list, saved or not, is a duplicate too.
 */
export function withListDuplicates(events: readonly TicketEvent[], buttons: readonly EditorButton[]): LinkRow[] {
  const existing = existingEvents(buttons);
  return events.map((e, index) => {
    const mine = { date: rowDateText(e), city: e.city, urls: e.url ? [e.url] : [] };
    const duplicate = e.status === 'new' && existing.some((x) => isSameEvent(x, mine));
    return { ...e, index, status: duplicate ? 'duplicate' : e.status };
  });
}

/** Chosen at first: the new rows, except those shown with a reason (postponed, moved online). */
export function defaultChoice(rows: readonly LinkRow[]): Set<number> {
  return new Set(rows.filter((r) => r.status === 'new' && !r.reason).map((r) => r.index));
}

export function setLinkUrl(url: string): void {
  $linkUrl.set(url);
  if ($linkRead.get().phase === 'failed') $linkRead.set({ phase: 'idle' });
}

/** Reads the pasted page through the Worker; the rows replace any earlier read. */
export async function readLink(): Promise<void> {
  const url = $linkUrl.get().trim();
  if (!url || $linkRead.get().phase === 'reading') return;
  $linkRead.set({ phase: 'reading' });
  try {
    const { events } = await readTicketPage(url, $editing.get()?.slug || undefined);
    const rows = withListDuplicates(events, $buttons.get());
    $linkRead.set({ phase: 'done', rows });
    $linkChosen.set(defaultChoice(rows));
  } catch (err) {
    $linkRead.set({ phase: 'failed', error: errorText(err) || t('ticketImport.readFailed') });
    $linkChosen.set(new Set());
  }
}

export function toggleRow(index: number): void {
  const next = new Set($linkChosen.get());
  if (next.has(index)) next.delete(index);
  else next.add(index);
  $linkChosen.set(next);
}

/** The chosen rows as date rows: the ticket link as the first CTA, sold out or on sale from its instant. */
export function newEventsOf(rows: readonly LinkRow[], chosen: ReadonlySet<number>): NewEvent[] {
  return rows
    .filter((r) => r.status !== 'unusable' && chosen.has(r.index))
    .map((r) => {
      const event: EventRow = {
        date: rowDateText(r),
        city: r.city,
        venue: r.venue,
        ctas: [{ url: r.url, buttonText: r.sold_out ? 'soldout' : DEFAULT_CTA_LABEL, on_sale_at: r.on_sale_at }],
      };
      return { event, ticketSource: r.url };
    });
}

export const $linkChoice = computed([$linkRead, $linkChosen], (read, chosen) =>
  read.phase === 'done' ? newEventsOf(read.rows, chosen) : [],
);

/** Adds the chosen rows to the list; the dialog starts afresh once they are in. */
export async function importChosen(): Promise<number> {
  const count = await addEvents($linkChoice.get());
  if (count > 0) {
    $linkUrl.set('');
    $linkRead.set({ phase: 'idle' });
    $linkChosen.set(new Set());
  }
  return count;
}

// a page switch (load, cancel, save of a new page) starts the dialog afresh
$editing.listen(() => {
  $linkUrl.set('');
  $linkRead.set({ phase: 'idle' });
  $linkChosen.set(new Set());
});
