/**
 * The editor's state: the page being edited, its buttons, the mode (create or edit) and the
 * bookkeeping around them. Components subscribe to these atoms and call the actions of the
 * concern modules beside this one:
 *
 *   form.ts        title, slug, mode, style, custom styles, header file
 *   buttons.ts     add, update, remove and reorder buttons
 *   draft.ts       the button creator's draft and the URL tracking indicator
 *   validation.ts  the first error before a save; the debounced duplicate check
 *   payload.ts     what the form becomes: the save payload and the preview page
 *   load.ts        a saved page into the form, and back to an empty form
 *   save.ts        the save sequence (page, header, button images)
 *   upload.ts      the save's files: progress, 'Annulla', 'Riprova'
 *   notice.ts      the notification bar
 *   pages.ts       the server's pages (list and single pages, cached)
 *   extras.ts      palette, custom styles save, code view
 *   stats.ts       the statistics view: period, answer, shares and labels
 *   fans.ts        the fan view and the scheduled-alert notice
 *   history.ts     the 'Cronologia' view: versions, preview of one, restore
 *   trash.ts       the sidebar's 'Cestino': restore, delete for ever
 *   rights.ts      what the signed-in role may do (src/core/team-rights.ts)
 *
 * Atoms (read with useStore):
 *   $form            the page being edited (see EditorForm). `customStyles` is the page's
 *                    custom_styles value (object or null); it is sent as is on save.
 *   $buttons         EditorButton[] in display order (position = index + 1 on save).
 *   $editing         null in create mode; {slug, id, company, visible} in edit mode.
 *   $loadedPage      the last PageAsReceived read from the server for the page in edit mode.
 *   $editorView      'edit' | 'code' | 'stats' | 'fans' | 'history' (the view switch; only meaningful
 *                    in edit mode).
 *   $saving          true while the save sequence runs (or a retry of its files).
 *   $loadingPage     the slug of the page being loaded from the sidebar, or null.
 *   $lastSaved       {slug, title} of the last page saved (the share link after a create).
 *   $dirty           true when the form or the buttons differ from what was last loaded,
 *                    saved or reset (the one source for 'ask before discarding').
 */
import type { TicketChange } from '../../core/ticket-import';
import { atom, computed, map } from 'nanostores';
import { t } from '../../core/messages';
import { confirmDialog } from '../dialog';
import type { Cta, PageAsReceived, PageMode, PageStyle } from './core';
import type { EditorPresale, PendingCodes } from './presale';

export type { PageMode, PageStyle } from './core';

// ---------------------------------------------------------------------------------------------
// Shapes

export interface EditorTextButton {
  key: string;
  id?: number;
  type: 'text';
  data: string;
  city: string;
  venue: string;
  ctaButtons: Cta[];
  clickCount: number;
  /** the date's presale: undefined = never had one, null = removed (presale.ts) */
  presale?: EditorPresale | null;
  /** one-time codes typed for it, sent after the page's save (presale-codes.ts) */
  presaleCodes?: PendingCodes | null;
  /** the ticket page the date came from: undefined = none (docs/behaviour.md#dates-from-a-ticket-link) */
  ticketSource?: EditorTicketSource | null;
}

/** A date row's ticket page, and what the hourly re-read found there (ticket-sources.ts). */
export interface EditorTicketSource {
  url: string;
  /** what the ticket page now says that differs from the row; null = nothing */
  change?: TicketChange | null;
  /** the link failed three days in a row and is no longer read */
  stopped?: boolean;
}

/** An image button in the editor; `image` is the saved or store path ('' while a file waits). */
export interface EditorImageButton {
  key: string;
  id?: number;
  type: 'image';
  image: string;
  previewImage: string | null;
  imageFile: File | null;
  isStoreImage: boolean;
  url: string;
  uploading: boolean;
  clickCount: number;
}

export type EditorButton = EditorTextButton | EditorImageButton;

export interface EditorForm {
  title: string;
  slug: string;
  mode: PageMode;
  style: PageStyle;
  customStyles: Record<string, unknown> | null;
  /** the saved header path; '' when none or when a new file replaces it */
  header: string;
  headerFile: File | null;
  /** blob: URL of the new header file, for the preview */
  headerPreview: string;
  headerKind: 'image' | 'video' | null;
  /** the saved poster frame of a video header; '' when none */
  headerPoster: string;
  /** a poster frame taken in the browser, waiting to be uploaded with (or for) the video header */
  posterFile: File | null;
  /** past events stay on the public page, greyed, in a 'Date passate' list */
  showPast: boolean;
  /** the 'Avvisami' block under the events of a text page (on by default) */
  fanSignup: boolean;
  /** the fans' reminder a day before an on-sale instant (on by default) */
  saleReminder: boolean;
  /** the publishing window in Europe/Rome wall-clock time ('YYYY-MM-DDTHH:MM'); '' = open */
  visibleFrom: string;
  visibleUntil: string;
}

export interface EditingPage {
  slug: string;
  id: number;
  company: string | null;
  visible: boolean;
}

export type EditorView = 'edit' | 'code' | 'stats' | 'fans' | 'history';

// ---------------------------------------------------------------------------------------------
// State

export const emptyForm = (): EditorForm => ({
  title: '',
  slug: '',
  mode: 'text',
  style: 'light',
  customStyles: null,
  header: '',
  headerFile: null,
  headerPreview: '',
  headerKind: null,
  headerPoster: '',
  posterFile: null,
  showPast: false,
  fanSignup: true,
  saleReminder: true,
  visibleFrom: '',
  visibleUntil: '',
});

export const $form = map<EditorForm>(emptyForm());
export const $buttons = atom<EditorButton[]>([]);
export const $editing = atom<EditingPage | null>(null);
export const $loadedPage = atom<PageAsReceived | null>(null);
export const $editorView = atom<EditorView>('edit');
export const $saving = atom(false);
export const $loadingPage = atom<string | null>(null);
export const $lastSaved = atom<{ slug: string; title: string } | null>(null);
/** the slug was typed by hand: stop deriving it from the title */
export const $slugTouched = atom(false);

// ---------------------------------------------------------------------------------------------
// Unsaved changes

/**
 * What the organiser would lose: the saved fields and buttons, without the editor's own
 * bookkeeping (row keys, upload spinners, blob URLs, click counts). A new file counts by its
 * name and size. Object keys are sorted so a panel that rebuilds the custom styles in another
 * order does not look like a change. The poster is left out: the frame of a new header file comes
 * with that file, and a frame taken in the background for a saved video (poster.ts) is not
 * something the organiser changed; the next save uploads it all the same.
 */
function snapshotOf(f: EditorForm, buttons: EditorButton[]): string {
  const file = (x: File | null) => (x ? `${x.name}:${x.size}` : null);
  const content = {
    title: f.title,
    slug: f.slug,
    mode: f.mode,
    style: f.style,
    customStyles: f.customStyles && Object.keys(f.customStyles).length > 0 ? f.customStyles : null,
    header: f.header,
    headerFile: file(f.headerFile),
    showPast: f.showPast,
    fanSignup: f.fanSignup,
    saleReminder: f.saleReminder,
    visibleFrom: f.visibleFrom,
    visibleUntil: f.visibleUntil,
    buttons: buttons.map((b) =>
      b.type === 'text'
        ? {
            id: b.id,
            type: b.type,
            data: b.data,
            city: b.city,
            venue: b.venue,
            ctas: b.ctaButtons,
            presale: b.presale ?? null,
            codes: b.presaleCodes ?? null,
          }
        : { id: b.id, type: b.type, image: b.image, file: file(b.imageFile), url: b.url },
    ),
  };
  return sortedJson(content);
}

/** JSON with object keys sorted, so that two equal contents always give the same text. */
function sortedJson(content: unknown): string {
  return JSON.stringify(content, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : value,
  );
}

/** the snapshot of the last load, save or reset */
const $baseline = atom(snapshotOf(emptyForm(), []));

/** What the form holds now counts as saved (after a load, a save or a reset). */
export function markClean(): void {
  $baseline.set(snapshotOf($form.get(), $buttons.get()));
}

/**
 * One saved button's CTAs changed on the server alone (a sale change from the list): what counts
 * as saved takes them, so that change is not an unsaved one, while every other change of the
 * form stays unsaved.
 */
export function markButtonSaved(id: number, ctas: readonly Cta[], data?: string): void {
  const base = JSON.parse($baseline.get()) as { buttons: Array<{ id?: number; ctas?: unknown }> };
  // `data`: a date moved on the server alone (a ticket page's change applied, ticket-source.ts)
  base.buttons = base.buttons.map((b) =>
    b.id === id && b.ctas ? { ...b, ctas, ...(data === undefined ? {} : { data }) } : b,
  );
  $baseline.set(sortedJson(base));
}

export const $dirty = computed([$form, $buttons, $baseline], (f, b, base) => snapshotOf(f, b) !== base);

/**
 * Before something replaces the form (another page from the sidebar): asks with the shell's
 * dialog when there are unsaved changes. True when the caller may go ahead.
 */
export async function confirmDiscard(nextTitle: string): Promise<boolean> {
  if (!$dirty.get()) return true;
  return confirmDialog({
    title: t('editor.discard.title'),
    message: t('editor.discard.confirm', { title: nextTitle }),
    confirmLabel: t('editor.discard.confirmLabel'),
    cancelLabel: t('editor.cancelEdit.keep'),
    danger: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Small shared helpers

let keySeq = 0;
/** A row key for a button, unique within the page's lifetime. */
export function newKey(): string {
  keySeq += 1;
  return `b${Date.now().toString(36)}${keySeq}`;
}

/** Frees a preview's blob: URL; saved paths and store paths are left alone. */
export function revoke(url: string | null | undefined): void {
  if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
}

/** Frees every preview URL the form and its buttons hold (before the form is replaced). */
export function revokeAllPreviews(): void {
  revoke($form.get().headerPreview);
  for (const b of $buttons.get()) if (b.type === 'image') revoke(b.previewImage);
}

export function kindOfPath(path: string): 'image' | 'video' {
  return /\.mp4(\?|#|$)/i.test(path) ? 'video' : 'image';
}

export function setEditorView(view: EditorView): void {
  $editorView.set(view);
}

export function setEditingMeta(patch: Partial<EditingPage>): void {
  const e = $editing.get();
  if (e) $editing.set({ ...e, ...patch });
}
