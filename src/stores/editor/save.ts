// The save sequence. In this order: 1 the page itself; 2 the header (with its poster frame), if
// a new file waits, or a poster alone for the saved video header; 3 the new button images. The
// Worker deletes the files the page and its uploads stop using (docs/behaviour.md#uploads), so
// the editor deletes none itself. Then the list and the page are read again. Only step 1 decides whether the save succeeded: a file that does not make
// it (failed or cancelled, see upload.ts) leaves the page saved and the file in the form,
// and the message says which file did not make it. Last, the page's scheduled alerts to its fans
// are read for the notice under the message bar. 'Riprova' (retryUpload, below) sends again
// the files that did not make it. The files themselves (plan, progress, cancel, the form
// refreshed after them) are upload.ts's, which knows nothing of this module: imports go one way.
import { t } from '../../core/messages';
import { ApiError, errorText, getToken } from '../../lib/api';
import * as api from '../../lib/api-client';
import { $editing, $form, $lastSaved, $saving } from './state';
import type { PageAsReceived } from './core';
import { showScheduled } from './fans';
import { dismissNotice, notify } from './notice';
import { revalidatePagesList } from './pages';
import { buildPayload } from './payload';
import { loadPageForEdit } from './load';
import {
  type CodesFailure,
  codesFailureNotice,
  codesJobs,
  restorePendingCodes,
  sendCodesAfterSave,
} from './presale-codes';
import { $uploads, finishSave, planFiles, sendSaveFiles, startSending, unsentSave } from './upload';
import { posterSettled } from './poster';
import { validateEditor } from './validation';

/** Saves the form (see the order above). Returns true when the page itself was saved. */
export async function save(): Promise<boolean> {
  if ($saving.get()) return false;
  if (!getToken()) {
    notify('error', t('pages.authRequired'));
    return false;
  }
  const error = validateEditor();
  if (error) {
    notify('error', error);
    return false;
  }
  $saving.set(true);
  // the message of an earlier attempt would sit above this one's progress as if it were its own
  dismissNotice();
  try {
    // a poster frame still being taken for a new video goes up with it, not without it (the form
    // is locked while a save runs: the editor's grid is inert, so what was checked is what goes)
    await posterSettled();
    const editing = $editing.get();
    const form = $form.get();
    const slug = editing?.slug ?? form.slug;
    const payload = buildPayload();
    const codes = codesJobs();
    const plan = planFiles();
    startSending();
    // 1. the page
    let saved: PageAsReceived;
    try {
      saved = editing ? await api.updatePage(slug, payload) : await api.createPage(payload);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        notify('error', t('pages.authRequired'));
      } else {
        const detail = errorText(err);
        notify('error', t(editing ? 'error.update' : 'error.create', { detail }));
      }
      return false;
    }
    // the one-time codes typed for a presale, by the saved dates' ids (presale-codes.ts)
    const codesLeft = codes.length > 0 ? await sendCodesAfterSave(slug, saved, codes) : [];
    // 2–3. the header (or the poster alone), then the button images, with their progress
    const left = await sendSaveFiles(slug, plan);
    revalidatePagesList();
    $lastSaved.set({ slug, title: form.title.trim() });
    await finishSave(slug, { formSlug: editing?.slug ?? null, created: !editing }, saved, plan, left);
    if (codesLeft.length > 0) await keepUnsentCodes(slug, !editing, codesLeft);
    // a save that added dates may have scheduled an alert to the fans: the notice offers
    // 'Invia ora' and 'Annulla' (docs/behaviour.md#for-the-organiser)
    showScheduled(slug, saved.fan_alerts ?? []);
    return true;
  } finally {
    $saving.set(false);
  }
}

/**
 * Codes that did not make it stay in the form for the next save: on their rows once the form
 * shows the saved page (a new page, emptied after its save, is opened for that), and the notice
 * says so.
 */
async function keepUnsentCodes(slug: string, created: boolean, failures: CodesFailure[]): Promise<void> {
  if (created && $editing.get() === null) await loadPageForEdit(slug);
  if ($editing.get()?.slug === slug) restorePendingCodes(failures);
  notify('error', codesFailureNotice(failures[0]!));
}

/**
 * 'Riprova': sends again only the files that did not make it, then ends as a save does. If the
 * organiser changed the page meanwhile, the page must go too (the button images are placed by
 * their position), so it is a whole save.
 */
export async function retryUpload(): Promise<boolean> {
  const last = unsentSave();
  if (!last || $saving.get() || $editing.get()?.slug !== last.slug) return false;
  if (JSON.stringify(buildPayload()) !== last.payload) return save();
  const plan = planFiles(new Set($uploads.get().map((u) => u.what)));
  $saving.set(true);
  dismissNotice();
  try {
    const left = await sendSaveFiles(last.slug, plan);
    revalidatePagesList();
    await finishSave(last.slug, { formSlug: last.slug, created: last.created }, null, plan, left);
    return left.length === 0;
  } finally {
    $saving.set(false);
  }
}
