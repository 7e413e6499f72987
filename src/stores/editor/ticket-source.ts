/**
 * Keeping up with the ticket page in the editor's list (docs/behaviour.md#keeping-up-with-the-ticket-page):
 * the notice under a date row whose ticket page now says something else ('Il sito dei biglietti
 * dice: esaurito'), or can no longer be read, and its 'Applica' / 'Ignora', each sent alone with
 * `POST …/buttons/{id}/ticket-change`. As a sale change from the list (drops.ts), the row takes
 * the answer and counts as saved; every other unsaved change of the form stays unsaved.
 *
 *   $ticketBusy  the key of the row whose answer is being sent, or null
 */
import { atom } from 'nanostores';
import { t } from '../../core/messages';
import { utcToRomeLocal } from '../../core/schedule';
import { applyTicketChange, changeLeft } from '../../core/ticket-change';
import type { TicketChange } from '../../core/ticket-import';
import { encodeEventText } from '../../core/button-codec';
import { errorText } from '../../lib/api';
import * as api from '../../lib/api-client';
import { $buttons, $editing, $loadedPage, type EditorTextButton, markButtonSaved } from './state';
import { $editingKey, $textDraft, setCtaAvailability, setCtaOnSale, setTextField } from './draft';
import { eventName } from './drops';
import { buttonFromReceived } from './load';
import { notify } from './notice';

export const $ticketBusy = atom<string | null>(null);

/** What the row's notice says: a change to apply or ignore, a link no longer read, or nothing. */
export type TicketNotice = { kind: 'change'; lines: string[] } | { kind: 'stopped'; lines: string[] } | null;

/** A UTC instant as 'dd/mm/yyyy HH:MM' in Europe/Rome. */
function romeWhen(at: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(utcToRomeLocal(at));
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : at;
}

/** The notice's sentences for a change, one per finding. */
function changeLines(change: TicketChange): string[] {
  const lines: string[] = [];
  if (change.sold_out) lines.push(t('ticketSource.soldOut'));
  if (change.date) {
    const when = change.time ? t('ticketSource.movedAt', { date: change.date, time: change.time }) : change.date;
    lines.push(t('ticketSource.moved', { when }));
  }
  if (change.on_sale_at) lines.push(t('ticketSource.onSale', { when: romeWhen(change.on_sale_at) }));
  return lines;
}

/** What the row still lacks of its pending change: only that is offered (a hand-made edit may have done it). */
function pendingOf(button: EditorTextButton): TicketChange | null {
  const change = button.ticketSource?.change ?? null;
  const text = encodeEventText({ date: button.data, city: button.city, venue: button.venue });
  return changeLeft({ text, ctas: button.ctaButtons }, change);
}

/** The notice of a saved date row on a saved page; null when there is nothing to say. */
export function ticketNoticeOf(button: EditorTextButton): TicketNotice {
  const source = button.ticketSource;
  if (!source || button.id === undefined) return null;
  const pending = pendingOf(button);
  const stopped = source.stopped ? [t('ticketSource.stopped')] : [];
  if (pending) return { kind: 'change', lines: [...changeLines(pending), ...stopped] };
  if (source.stopped) return { kind: 'stopped', lines: [t('ticketSource.stopped')] };
  return null;
}

/** The row as the editor holds it after the change: the same rule as the Worker's. */
function applied(button: EditorTextButton, change: TicketChange): Pick<EditorTextButton, 'data' | 'ctaButtons'> {
  const text = encodeEventText({ date: button.data, city: button.city, venue: button.venue });
  const after = applyTicketChange({ text, ctas: button.ctaButtons }, change);
  const date = change.date ? [change.date, change.time].filter(Boolean).join(' ') : button.data;
  return { data: date, ctaButtons: after.ctas };
}

/** The creator holding this row takes the change too, so its next 'Aggiorna' does not undo it. */
function intoDraft(change: TicketChange): void {
  if (change.date) setTextField('data', [change.date, change.time].filter(Boolean).join(' '));
  const rows = $textDraft.get().ctas;
  if (change.on_sale_at && rows[0]) setCtaOnSale(rows[0].rowId, utcToRomeLocal(change.on_sale_at));
  if (change.sold_out) for (const row of rows) setCtaAvailability(row.rowId, 'sold_out');
}

/**
 * Applies or ignores the row's pending change on the server, then shows it: the row takes it
 * (apply) and its source's new state; what the server now holds counts as saved. True when done.
 */
export async function answerTicketChange(key: string, action: 'apply' | 'ignore'): Promise<boolean> {
  const button = $buttons.get().find((b): b is EditorTextButton => b.key === key && b.type === 'text');
  const slug = $editing.get()?.slug;
  if (!button || button.id === undefined || !slug || $ticketBusy.get()) return false;
  const change = pendingOf(button);
  $ticketBusy.set(key);
  try {
    const answer = await api.answerTicketChange(slug, button.id, action);
    const saved = buttonFromReceived(answer);
    const source = saved.type === 'text' ? saved.ticketSource : undefined;
    $buttons.set(
      $buttons.get().map((b) => {
        if (b.key !== key || b.type !== 'text') return b;
        const moved = action === 'apply' && change ? applied(b, change) : {};
        return { ...b, ...moved, ticketSource: source ?? null };
      }),
    );
    if (action === 'apply' && saved.type === 'text') {
      markButtonSaved(answer.id, saved.ctaButtons, saved.data);
      if ($editingKey.get() === key && change) intoDraft(change);
    }
    const page = $loadedPage.get();
    if (page) $loadedPage.set({ ...page, buttons: page.buttons.map((b) => (b.id === answer.id ? answer : b)) });
    notify(
      'success',
      t(action === 'apply' ? 'ticketSource.applied' : 'ticketSource.ignored', { event: eventName(button) }),
    );
    return true;
  } catch (err) {
    notify('error', errorText(err));
    return false;
  } finally {
    $ticketBusy.set(null);
  }
}
