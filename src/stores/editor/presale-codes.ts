/**
 * The one-time codes typed in the editor, sent once the page is saved
 * (docs/behaviour.md#presales-in-the-editor): they are not part of the page's JSON. Each date's
 * codes go to `…/buttons/{id}/presale-codes` (POST adds; PUT, 'Sostituisci i codici', replaces),
 * the id read from the save's answer by position, as the button images are. Codes that did not
 * make it go back on their row after the form is refreshed, for the next save to send again.
 */
import { t } from '../../core/messages';
import { errorText } from '../../lib/api';
import { sendPresaleCodes } from '../../lib/presale-client';
import type { PageAsReceived } from './core';
import type { PendingCodes } from './presale';
import { $buttons } from './state';

/** A date's typed codes: its 0-based place in the list (its position − 1) and its name. */
export interface CodesJob {
  index: number;
  event: string;
  pending: PendingCodes;
}

/** Codes that did not make it: the saved date's id, for the refreshed form. */
export interface CodesFailure {
  id: number | null;
  event: string;
  pending: PendingCodes;
  detail: string;
}

/** The dates whose presale takes one-time codes and has some typed, in list order. */
export function codesJobs(): CodesJob[] {
  return $buttons
    .get()
    .flatMap((b, index) =>
      b.type === 'text' && b.presale && b.presale.shared_code === null && b.presaleCodes?.text.trim()
        ? [{ index, event: [b.city, b.data].filter(Boolean).join(', '), pending: b.presaleCodes }]
        : [],
    );
}

/** Sends each date's codes, one request after the other; answers those that failed. */
export async function sendCodesAfterSave(
  slug: string,
  saved: PageAsReceived,
  jobs: readonly CodesJob[],
): Promise<CodesFailure[]> {
  const failures: CodesFailure[] = [];
  for (const job of jobs) {
    const id = saved.buttons.find((b) => b.position === job.index + 1 && b.type === 'text')?.id ?? null;
    if (id === null) {
      failures.push({ id, event: job.event, pending: job.pending, detail: t('error.connection') });
      continue;
    }
    try {
      await sendPresaleCodes(slug, id, job.pending.text, job.pending.replace);
    } catch (err) {
      failures.push({ id, event: job.event, pending: job.pending, detail: errorText(err) });
    }
  }
  return failures;
}

/** Puts codes that did not make it back on their saved rows (the form was refreshed). */
export function restorePendingCodes(failures: readonly CodesFailure[]): void {
  if (failures.length === 0) return;
  const byId = new Map(failures.flatMap((f) => (f.id === null ? [] : [[f.id, f.pending] as const])));
  $buttons.set(
    $buttons.get().map((b) => {
      const pending = b.id === undefined ? undefined : byId.get(b.id);
      return pending && b.type === 'text' ? { ...b, presaleCodes: pending } : b;
    }),
  );
}

/** The notice for the first date whose codes did not make it. */
export function codesFailureNotice(failure: CodesFailure): string {
  return t('presale.editor.codesFailed', { event: failure.event, detail: failure.detail });
}
