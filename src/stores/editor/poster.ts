// The poster frame of a video header (docs/behaviour.md#uploads): taken in the browser when an MP4
// is picked, taken in the background for a saved video page that has none (it is uploaded by the
// next save), or on request ('Genera copertina'). The frame waits in $form.posterFile; a poster
// waiting alone does not count as an unsaved change (see snapshotOf in state.ts).
import { atom, onMount } from 'nanostores';
import { $editing, $form, type EditorForm } from './state';

export interface PosterStatus {
  state: 'idle' | 'capturing' | 'failed';
  /** the organiser asked for it ('Genera copertina'): a failure is said out loud */
  manual: boolean;
}

export const $posterStatus = atom<PosterStatus>({ state: 'idle', manual: false });

/** The poster the page will show, and whether it is already saved; null when there is none. */
export function posterShown(f: EditorForm): { src: string; saved: boolean } | null {
  if (f.headerKind !== 'video') return null;
  if (f.posterFile) return { src: pendingPosterUrl(f.posterFile), saved: false };
  // a new header file makes the saved poster (a frame of the old video) obsolete
  if (!f.headerFile && f.headerPoster) return { src: f.headerPoster, saved: true };
  return null;
}

// One blob: URL for the pending poster, made once per file and freed when the file changes.
let shown: { file: File; url: string } | null = null;
function pendingPosterUrl(file: File): string {
  if (shown?.file === file) return shown.url;
  releasePosterUrl();
  shown = { file, url: URL.createObjectURL(file) };
  return shown.url;
}
function releasePosterUrl(): void {
  if (shown) URL.revokeObjectURL(shown.url);
  shown = null;
}

// Each capture gets a number; a result arriving after a newer request (or after the header it was
// taken for has gone) is dropped.
let generation = 0;
/** the capture under way, if any: a save waits for it so the frame goes up with its video */
let running: Promise<unknown> = Promise.resolve();

/** Resolves once no capture is under way (a capture gives up by itself after about 10 s). */
export async function posterSettled(): Promise<void> {
  let seen: Promise<unknown> | null = null;
  while (seen !== running) {
    seen = running;
    await seen.catch(() => undefined);
  }
}

/** The poster taken, null when the browser could not take one, undefined when no longer wanted. */
async function capture(
  source: Blob | string,
  manual: boolean,
  stillWanted: () => boolean,
): Promise<File | null | undefined> {
  generation += 1;
  const mine = generation;
  $posterStatus.set({ state: 'capturing', manual });
  const taking = import('../../lib/video-poster').then(({ capturePoster }) => capturePoster(source));
  running = taking;
  const file = await taking;
  if (mine !== generation) return undefined;
  if (!stillWanted()) {
    $posterStatus.set({ state: 'idle', manual: false });
    return undefined;
  }
  $posterStatus.set({ state: file ? 'idle' : 'failed', manual });
  if (file) $form.setKey('posterFile', file);
  return file;
}

/** A header change: any capture under way is for a header no longer there. */
export function forgetPoster(): void {
  generation += 1;
  $posterStatus.set({ state: 'idle', manual: false });
}

/** A new MP4 header file: its poster is taken in the background into posterFile. */
export async function posterForNewHeader(file: File): Promise<void> {
  await capture(file, false, () => $form.get().headerFile === file);
}

/** The saved header can be read back for a frame: a path of this site (not another origin's URL). */
function savedSource(f: EditorForm): string | null {
  return f.header.startsWith('/') && !f.header.startsWith('//') ? f.header : null;
}

// Posters taken from saved headers, by header path (null: the browser could not take one), so
// that a page loaded again (after a save whose poster upload failed, say) does not capture twice.
const savedCaptures = new Map<string, File | null>();
const capturing = new Set<string>();

/** The form shows a saved video header without a poster: whether a frame is still wanted for it. */
function wantsSavedPoster(f: EditorForm, header: string): boolean {
  return f.header === header && f.headerKind === 'video' && !f.headerFile && !f.posterFile && !f.headerPoster;
}

/**
 * A page saved before posters existed, loaded for editing: its poster is taken from the saved
 * video in the background, so the next save uploads it.
 */
function captureForSavedPage(): void {
  const f = $form.get();
  const source = savedSource(f);
  if (!$editing.get() || !source || !wantsSavedPoster(f, source)) return;
  if (savedCaptures.has(source)) {
    const known = savedCaptures.get(source);
    if (known) $form.setKey('posterFile', known);
    return;
  }
  if (capturing.has(source)) return;
  capturing.add(source);
  void capture(source, false, () => wantsSavedPoster($form.get(), source)).then((file) => {
    capturing.delete(source);
    if (file !== undefined) savedCaptures.set(source, file);
  });
}

/** 'Genera copertina': takes the poster of the header on show now. True when one was taken. */
export async function generatePoster(): Promise<boolean> {
  const f = $form.get();
  if (f.headerKind !== 'video') return false;
  const source = f.headerFile ?? savedSource(f);
  if (!source) {
    $posterStatus.set({ state: 'failed', manual: true });
    return false;
  }
  const header = f.header;
  const file = await capture(source, true, () => {
    const now = $form.get();
    return now.headerKind === 'video' && (f.headerFile ? now.headerFile === f.headerFile : now.header === header);
  });
  if (file && !f.headerFile) savedCaptures.set(header, file);
  return Boolean(file);
}

// While the header area is on screen, a loaded page is watched for a missing poster.
onMount($posterStatus, () => {
  const unsubs = [
    $form.listen((f) => {
      if (!f.posterFile) releasePosterUrl();
      captureForSavedPage();
    }),
    $editing.listen(() => captureForSavedPage()),
  ];
  captureForSavedPage();
  return () => {
    for (const unsub of unsubs) unsub();
  };
});
