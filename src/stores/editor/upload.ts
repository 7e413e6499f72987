// The files a save sends once the page itself is saved (docs/behaviour.md#uploads): the header
// (with its poster frame), a poster alone for the saved video header, and the new button
// images, one request each, in that order. Each shows its progress in $uploads; 'Annulla' aborts
// it, and a file that did not make it stays in the form with its reason, for 'Riprova' to send
// again on its own. The page stays saved whatever happens to its files.
import { atom, computed } from 'nanostores';
import { type MessageKey, t } from '../../core/messages';
import { ApiError, detailOf, errorText } from '../../lib/api';
import * as api from '../../lib/api-client';
import type { UploadOptions } from '../../lib/api';
import { formatMegabytes, percentOf } from '../../lib/format';
import { $buttons, $editing, $form, kindOfPath, markClean } from './state';
import type { PageAsReceived } from './core';
import { applyPage, resetEditor } from './load';
import { notify } from './notice';
import { fetchPage } from './pages';
import { buildPayload } from './payload';

export type UploadWhat = 'header' | 'poster' | 'buttons';
/** waiting: its turn has not come; sending: bytes are going; failed / cancelled: it did not make it */
export type UploadState = 'waiting' | 'sending' | 'failed' | 'cancelled';

export interface Upload {
  what: UploadWhat;
  /** what the organiser reads: 'Video della testata', 'Immagine di copertina', … */
  name: string;
  /** bytes of the request sent so far, and its whole size (the files, then the exact body) */
  loaded: number;
  total: number;
  state: UploadState;
  /** why it failed: the server's reason, or 'Errore di connessione' */
  detail: string | null;
}

/** The uploads of the running save, then those that did not make it (until sent or dismissed). */
export const $uploads = atom<Upload[]>([]);
/** True while a file is being sent or waits its turn: the save button says 'Invio file…'. */
export const $sendingFiles = computed($uploads, (list) =>
  list.some((u) => u.state === 'waiting' || u.state === 'sending'),
);

// ---------------------------------------------------------------------------------------------
// Labels

/** '12,3 MB di 48,0 MB (25%)' */
export function progressText(loaded: number, total: number): string {
  return t('sending.progress', {
    sent: formatMegabytes(loaded),
    total: formatMegabytes(total),
    percent: percentOf(loaded, total),
  });
}

/** The line above an upload's bar: 'Video della testata: 12,3 MB di 48,0 MB (25%)'. */
export function uploadLabel(u: Upload): string {
  if (u.state === 'waiting') return t('sending.waiting', { what: u.name });
  if (u.state === 'failed') return t('sending.failed', { what: u.name });
  if (u.state === 'cancelled') return t('sending.cancelled', { what: u.name });
  return t('sending.label', { what: u.name, progress: progressText(u.loaded, u.total) });
}

function nameOf(what: UploadWhat, file: File | null): string {
  if (what === 'header')
    return t(file?.type.startsWith('video/') ? 'sending.what.headerVideo' : 'sending.what.headerImage');
  return t(what === 'poster' ? 'sending.what.poster' : 'sending.what.buttons');
}

/** The server's reason for a failed upload, or the upload's own message with the status. */
function uploadDetail(err: unknown, what: UploadWhat): string {
  if (err instanceof ApiError && err.status !== 0) {
    // the server's own reason when it gave one, else which upload failed with which status
    const { message } = detailOf(err.body);
    if (message) return message;
    return t(what === 'buttons' ? 'error.uploadButtons' : 'error.upload', { status: err.status });
  }
  return errorText(err);
}

/** The notification after a save whose file did not make it: the page is saved, this file is not. */
function failureNotice(u: Upload): string {
  if (u.state === 'cancelled') return t('sending.savedCancelled', { what: u.name });
  const key: MessageKey =
    u.what === 'header'
      ? 'error.savedHeaderUploadFailed'
      : u.what === 'poster'
        ? 'sending.savedPosterFailed'
        : 'error.savedButtonsUploadFailed';
  return t(key, { detail: u.detail ?? t('error.connection') });
}

// ---------------------------------------------------------------------------------------------
// What to send

/** The files waiting in the form, with each button image's 0-based index in position order. */
export interface FilePlan {
  header: { file: File; poster: File | null } | null;
  poster: File | null;
  buttons: { file: File; index: number; key: string }[];
}

/** The form's waiting files (only those of `only`, when given). */
export function planFiles(only?: ReadonlySet<UploadWhat>): FilePlan {
  const f = $form.get();
  const want = (what: UploadWhat) => !only || only.has(what);
  const header = want('header') && f.headerFile ? { file: f.headerFile, poster: f.posterFile } : null;
  // a poster alone is for the saved video header; with a new header it rides along
  const savedVideo = Boolean(f.header) && kindOfPath(f.header) === 'video';
  const poster = want('poster') && !f.headerFile && savedVideo ? f.posterFile : null;
  const buttons = want('buttons')
    ? $buttons
        .get()
        .flatMap((b, index) => (b.type === 'image' && b.imageFile ? [{ file: b.imageFile, index, key: b.key }] : []))
    : [];
  return { header, poster, buttons };
}

function hasFiles(plan: FilePlan): boolean {
  return Boolean(plan.header || plan.poster || plan.buttons.length > 0);
}

interface Step {
  what: UploadWhat;
  name: string;
  size: number;
  run: (opts: UploadOptions) => Promise<unknown>;
}

function stepsOf(slug: string, plan: FilePlan): Step[] {
  const steps: Step[] = [];
  const { header, poster, buttons } = plan;
  if (header) {
    steps.push({
      what: 'header',
      name: nameOf('header', header.file),
      size: header.file.size + (header.poster?.size ?? 0),
      run: (opts) => api.uploadHeader(slug, header.file, header.poster, opts),
    });
  }
  if (poster) {
    steps.push({
      what: 'poster',
      name: nameOf('poster', poster),
      size: poster.size,
      run: (opts) => api.uploadPoster(slug, poster, opts),
    });
  }
  if (buttons.length > 0) {
    steps.push({
      what: 'buttons',
      name: nameOf('buttons', null),
      size: buttons.reduce((sum, b) => sum + b.file.size, 0),
      run: (opts) =>
        withSpinners(new Set(buttons.map((b) => b.key)), () => api.uploadButtonImages(slug, buttons, opts)),
    });
  }
  return steps;
}

/** The image rows show their spinner while their files go. */
async function withSpinners<T>(keys: Set<string>, send: () => Promise<T>): Promise<T> {
  const mark = (uploading: boolean) =>
    $buttons.set($buttons.get().map((b) => (b.type === 'image' && keys.has(b.key) ? { ...b, uploading } : b)));
  mark(true);
  try {
    return await send();
  } finally {
    mark(false);
  }
}

// ---------------------------------------------------------------------------------------------
// Sending, cancelling

const controllers = new Map<UploadWhat, AbortController>();

function patch(what: UploadWhat, change: Partial<Upload>): void {
  $uploads.set($uploads.get().map((u) => (u.what === what ? { ...u, ...change } : u)));
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** Sends the plan's files in order, showing each; answers the uploads that did not make it. */
async function sendFiles(slug: string, plan: FilePlan): Promise<Upload[]> {
  const steps = stepsOf(slug, plan);
  $uploads.set(
    steps.map((s) => ({ what: s.what, name: s.name, loaded: 0, total: s.size, state: 'waiting', detail: null })),
  );
  for (const step of steps) {
    // cancelled while it waited its turn
    if ($uploads.get().find((u) => u.what === step.what)?.state !== 'waiting') continue;
    const controller = new AbortController();
    controllers.set(step.what, controller);
    patch(step.what, { state: 'sending' });
    try {
      await step.run({
        signal: controller.signal,
        onProgress: (loaded, total) => patch(step.what, { loaded, total }),
      });
      $uploads.set($uploads.get().filter((u) => u.what !== step.what));
    } catch (err) {
      if (isAbort(err)) patch(step.what, { state: 'cancelled', detail: null });
      else patch(step.what, { state: 'failed', detail: uploadDetail(err, step.what) });
    } finally {
      controllers.delete(step.what);
    }
  }
  return $uploads.get();
}

/** 'Annulla': stops this upload; the page stays saved. */
export function cancelUpload(what: UploadWhat): void {
  for (const u of $uploads.get()) {
    if (u.what !== what) continue;
    if (u.state !== 'sending' && u.state !== 'waiting') continue;
    // said at once, so 'Riprova' is there to take the focus
    patch(u.what, { state: 'cancelled', detail: null });
    controllers.get(u.what)?.abort();
  }
}

// ---------------------------------------------------------------------------------------------
// After the files: the form refreshed, the files that did not make it kept

/** The save that left files behind: its page, whether it created it, and the page JSON it sent. */
let unsent: { slug: string; created: boolean; payload: string } | null = null;

/** The save that left files behind, for 'Riprova' (null: none). */
export function unsentSave(): { slug: string; created: boolean; payload: string } | null {
  return unsent;
}

/** Forgets the uploads that did not make it (their files stay in the form, for the next save). */
export function dismissUploads(what: UploadWhat): void {
  const left = $uploads.get().filter((u) => u.state === 'sending' || u.state === 'waiting' || u.what !== what);
  $uploads.set(left);
  if (left.length === 0) unsent = null;
}

/** A save starts afresh: what an earlier one left behind is in its plan again. */
export function startSending(): void {
  unsent = null;
  $uploads.set([]);
}

// another page opened, or the form emptied: the unsent files were that page's
$editing.listen((editing) => {
  if (unsent && editing?.slug !== unsent.slug) {
    unsent = null;
    $uploads.set([]);
  }
});

/** The unsent files, to put back into the form once it is refreshed from the server. */
function keptFiles(plan: FilePlan, left: Upload[]): FilePlan {
  const failed = new Set(left.map((u) => u.what));
  return {
    header: failed.has('header') ? plan.header : null,
    poster: failed.has('poster') ? plan.poster : null,
    buttons: failed.has('buttons') ? plan.buttons : [],
  };
}

/** The files a save's page shows since its files went, although their requests did not end well. */
function landedOn(before: PageAsReceived, after: PageAsReceived | null): Set<UploadWhat> {
  const landed = new Set<UploadWhat>();
  if (!after) return landed;
  if (after.header !== before.header) landed.add('header');
  if (after.header_poster !== before.header_poster) landed.add('poster');
  const images = (p: PageAsReceived) => JSON.stringify(p.buttons.map((b) => b.image_path));
  if (images(after) !== images(before)) landed.add('buttons');
  return landed;
}

/** Puts unsent files back into the refreshed form, each with a fresh preview. */
function restoreFiles(kept: FilePlan): void {
  const { header, poster, buttons } = kept;
  if (header) {
    $form.set({
      ...$form.get(),
      headerFile: header.file,
      headerPreview: URL.createObjectURL(header.file),
      headerKind: header.file.type.startsWith('video/') ? 'video' : 'image',
      posterFile: header.poster,
    });
  }
  if (poster) $form.setKey('posterFile', poster);
  if (buttons.length === 0) return;
  const byIndex = new Map(buttons.map((b) => [b.index, b.file]));
  $buttons.set(
    $buttons.get().map((b, index) => {
      const file = byIndex.get(index);
      return file && b.type === 'image'
        ? { ...b, imageFile: file, previewImage: URL.createObjectURL(file), isStoreImage: false }
        : b;
    }),
  );
}

/**
 * The end of a save (or of a retry), once its page is saved and its files sent or not. All sent:
 * the form is refreshed from the server (an update) or emptied (a create), with the success
 * message. Some left: the form shows the saved page in edit mode (a create moves there), still
 * holding the unsent files, and the message says which file did not make it. `formSlug` is the
 * page the form showed when the save began (null: a new page), `created` whether the save made
 * the page; if the organiser has opened another page since (a long upload), only the message is
 * given and the form is left alone.
 */
export async function finishSave(
  slug: string,
  { formSlug, created }: { formSlug: string | null; created: boolean },
  saved: PageAsReceived | null,
  plan: FilePlan,
  left: Upload[],
): Promise<void> {
  const formIsOurs = ($editing.get()?.slug ?? null) === formSlug;
  let fresh: PageAsReceived | null = null;
  if (left.length > 0 && saved) {
    // a cancel or a cut connection after the last byte: the server may have kept the file anyway
    fresh = await fetchPage(slug).catch(() => null);
    const kept = landedOn(saved, fresh);
    left = left.filter((u) => !kept.has(u.what));
    $uploads.set($uploads.get().filter((u) => !kept.has(u.what)));
  }
  if (left.length === 0) {
    unsent = null;
    if (formIsOurs && created) resetEditor();
    else if (formIsOurs) {
      try {
        applyPage(await fetchPage(slug));
      } catch {
        // the save succeeded; the form keeps what the organiser typed, which is now saved
        markClean();
      }
    }
    notify('success', t(created ? 'success.pageCreated' : 'success.pageUpdated'));
    return;
  }
  if (!formIsOurs) {
    $uploads.set([]);
    notify('error', failureNotice(left[0]!));
    return;
  }
  const kept = keptFiles(plan, left);
  // the page as the save answered it, when it cannot be read again, is the best copy there is
  const page = fresh ?? (await fetchPage(slug).catch(() => saved));
  if (page) applyPage(page);
  restoreFiles(kept);
  unsent = { slug, created, payload: JSON.stringify(buildPayload()) };
  notify('error', failureNotice(left[0]!));
}

/** Sends the files of a save whose page was just saved; answers those that did not make it. */
export function sendSaveFiles(slug: string, plan: FilePlan): Promise<Upload[]> {
  return hasFiles(plan) ? sendFiles(slug, plan) : Promise.resolve([]);
}
