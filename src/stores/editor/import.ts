/**
 * The editor's date import and CSV export (docs/behaviour.md#importing-and-exporting-dates).
 * Text mode only. Loaded with the import dialog or on the first export, never with the editor.
 *
 *   $importText     what the organiser pasted or typed in 'Righe da importare'
 *   $importPreview  {good, bad}: the rows that will be added and the bad rows with their
 *                   reasons, worked out again on every change of the text or of the list
 *   $importing      true while the ticket links are tracked and the rows added
 */
import { atom, computed } from 'nanostores';
import { type EventRow, parseEventRows, serialiseEventRows } from '../../core/event-rows';
import { t } from '../../core/messages';
import { availabilityOf } from '../../core/on-sale';
import { BUTTONS_MAX } from '../../core/schemas/page';
import * as api from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { $buttons, $editing, $form, type EditorButton, type EditorTextButton, newKey } from './state';
import { isTicketUrl } from './core';
import { notify } from './notice';

export interface GoodRow {
  line: number;
  event: EventRow;
}

export interface BadRow {
  line: number;
  error: string;
}

export interface ImportPreview {
  good: GoodRow[];
  bad: BadRow[];
}

/** How many tracking calls run at once: a 30-date tour on a poor connection, not 30 at a time. */
const TRACKING_CONCURRENCY = 4;

export const $importText = atom('');
export const $importing = atom(false);

/**
 * The rows of the text as the import would take them, with `existing` buttons already on the
 * page: good rows past the page's button limit are listed as bad.
 */
export function previewOf(text: string, existing: number): ImportPreview {
  let room = Math.max(0, BUTTONS_MAX - existing);
  const preview: ImportPreview = { good: [], bad: [] };
  for (const row of parseEventRows(text)) {
    if ('error' in row) preview.bad.push(row);
    else if (room > 0) {
      preview.good.push(row);
      room -= 1;
    } else {
      const problem = t('import.problem.full', { max: BUTTONS_MAX });
      preview.bad.push({ line: row.line, error: t('import.row', { line: row.line, problem }) });
    }
  }
  return preview;
}

export const $importPreview = computed([$importText, $buttons], (text, buttons) => previewOf(text, buttons.length));

export function setImportText(text: string): void {
  $importText.set(text);
}

/** An event to add, and the ticket page it came from ('Importa da link'). */
export interface NewEvent {
  event: EventRow;
  ticketSource?: string;
}

/** The event as a text button of the list, a new one. */
function buttonOf({ event, ticketSource }: NewEvent): EditorTextButton {
  return {
    key: newKey(),
    type: 'text',
    data: event.date,
    city: event.city,
    venue: event.venue,
    // the label says sold out ('soldout'); any other imported CTA is on sale from its instant
    ctaButtons: event.ctas.map((c) => ({ ...c, availability: availabilityOf(c) })),
    clickCount: 0,
    ...(ticketSource ? { ticketSource: { url: ticketSource } } : {}),
  };
}

/**
 * Every distinct ticket-host link of the events through the API's track-url route, as the creator
 * tracks a typed link (docs/behaviour.md#links-and-urls): link → tracked link. A link the route
 * could not track stays as it is and is counted in `failed`.
 */
async function trackLinks(rows: readonly NewEvent[]): Promise<{ tracked: Map<string, string>; failed: number }> {
  const links = [...new Set(rows.flatMap((r) => r.event.ctas.map((c) => c.url)).filter((u) => u && isTicketUrl(u)))];
  const slug = $form.get().slug || undefined;
  const tracked = new Map<string, string>();
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < links.length) {
      const url = links[next++]!;
      try {
        const res = await api.trackUrl(url, slug);
        if (res.success && res.tracked_url) tracked.set(url, res.tracked_url);
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(TRACKING_CONCURRENCY, links.length) }, worker));
  return { tracked, failed };
}

/**
 * Adds the events after the list's buttons, in their order, with their ticket links tracked; the
 * notification bar says how many. Shared by 'Importa date' and 'Importa da link'. Returns how
 * many were added (0 in image mode, or when the list is full).
 */
export async function addEvents(rows: readonly NewEvent[]): Promise<number> {
  if ($importing.get()) return 0;
  if ($form.get().mode !== 'text') {
    notify('error', t('import.textModeOnly'));
    return 0;
  }
  if (rows.length === 0) return 0;
  $importing.set(true);
  try {
    const { tracked, failed } = await trackLinks(rows);
    // the list may have changed while the links were tracked: the mode and the room again
    if ($form.get().mode !== 'text') {
      notify('error', t('import.textModeOnly'));
      return 0;
    }
    const room = Math.max(0, BUTTONS_MAX - $buttons.get().length);
    const added: EditorButton[] = rows.slice(0, room).map((row) =>
      buttonOf({
        ...row,
        event: { ...row.event, ctas: row.event.ctas.map((c) => ({ ...c, url: tracked.get(c.url) ?? c.url })) },
      }),
    );
    if (added.length === 0) return 0;
    $buttons.set([...$buttons.get(), ...added]);
    const count = added.length;
    if (failed > 0) notify('info', t('import.doneUntracked', { count, failed }));
    else notify('success', count === 1 ? t('import.doneOne') : t('import.done', { count }));
    return count;
  } finally {
    $importing.set(false);
  }
}

/** Adds the good rows of the preview ('Importa date'); the text is cleared once they are in. */
export async function importRows(): Promise<number> {
  const count = await addEvents($importPreview.get().good.map(({ event }) => ({ event })));
  if (count > 0) $importText.set('');
  return count;
}

// -- export ----------------------------------------------------------------------------------

/** The events of the list in its order (text buttons only). */
export function listEvents(buttons: readonly EditorButton[] = $buttons.get()): EventRow[] {
  return buttons.flatMap((b) =>
    b.type === 'text'
      ? [
          {
            date: b.data,
            city: b.city,
            venue: b.venue,
            ctas: b.ctaButtons.map((c) => ({ url: c.url, buttonText: c.buttonText, on_sale_at: c.on_sale_at })),
          },
        ]
      : [],
  );
}

/** `{slug}-date.csv`, or `date-date.csv` for a page without a slug yet. */
export function exportFileName(): string {
  const slug = ($editing.get()?.slug ?? $form.get().slug).replace(/[^a-z0-9-]/g, '');
  return `${slug || 'date'}-date.csv`;
}

/** Downloads the list's events as a CSV file; returns how many. */
export function exportCsv(): number {
  const events = listEvents();
  if (events.length === 0) return 0;
  const blob = new Blob([serialiseEventRows(events)], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, exportFileName());
  const count = events.length;
  notify('success', count === 1 ? t('import.exportedOne') : t('import.exported', { count }));
  return count;
}

// a page switch (load, cancel, save of a new page) starts the import afresh
$editing.listen(() => $importText.set(''));
