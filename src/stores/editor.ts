/**
 * The editor's state and rules (issue 5). Components only subscribe and call these actions.
 *
 * STORE API (for the editor's own components and for the extras of issue 6)
 *
 * Atoms (read with useStore):
 *   $form            map {title, slug, mode, style, customStyles, header, headerFile,
 *                    headerPreview, headerKind}: the page being edited. `customStyles` is the
 *                    page's custom_styles value (object or null); it is sent as is on save.
 *   $buttons         EditorButton[] in display order (position = index + 1 on save).
 *   $editing         null in create mode; {slug, id, company, visible} in edit mode.
 *   $loadedPage      the last FullPage read from the server for the page in edit mode.
 *   $editorView      'edit' | 'code' | 'stats' (the view switch; only meaningful in edit mode).
 *   $notice          {kind: 'error'|'success'|'info', text, id} | null (the notification bar).
 *   $saving          true while the save sequence runs.
 *   $duplicateError  the duplicate slug/title message (500 ms debounced) or null.
 *   $lastSaved       {slug, title} of the last page saved (the share link after a create).
 *   $canPreview      true when title, header and at least one button exist (SPEC 5).
 *   $dirty           true when the form or the buttons differ from what was last loaded,
 *                    saved or reset (the one source for 'ask before discarding').
 *
 * Actions:
 *   setTitle, setSlug, setMode (false + error when locked), setStyle,
 *   setCustomStyles(value)   write the custom style object (issue 6's panel),
 *   setHeaderFile(file)      checks type and size first; resizes images in the browser,
 *   addButton / updateButton / removeButton / moveButton / (draft: see editor-draft.ts),
 *   loadPageForEdit(slug), reloadLoadedPage(), cancelEdit(), resetEditor(), save(),
 *   notify(kind, text), setEditorView(view).
 */
import { atom, computed, map, onMount } from 'nanostores';
import {
  DUPLICATE_CHECK_DEBOUNCE_MS,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  TOAST_ERROR_MS,
  TOAST_SUCCESS_MS,
} from '../core/constants';
import { t } from '../core/messages';
import { ApiError, getToken, request } from '../lib/api';
import {
  decodeEventText,
  encodeEventText,
  isStorePath,
  sanitiseSlug,
  slugify,
  titleKey,
  validatePage,
  type CtaButton,
  type FullPage,
  type PageMode,
  type PagePayload,
  type PageStyle,
  type ReceivedButton,
} from './editor-core';
import { $pagesList, fetchPage, invalidatePage, revalidatePagesList } from './editor-pages';
import { confirmDialog } from './dialog';

export type { PageMode, PageStyle, CtaButton, FullPage } from './editor-core';

// ---------------------------------------------------------------------------------------------
// Shapes

export interface EditorTextButton {
  key: string;
  id?: number;
  type: 'text';
  data: string;
  city: string;
  venue: string;
  ctaButtons: CtaButton[];
  clickCount: number;
}

/** SPEC 3's editor image button; `image` is the saved or store path ('' while a file waits). */
export interface EditorImageButton {
  key: string;
  id?: number;
  type: 'image';
  image: string;
  previewImage: string | null;
  imageFile: File | null;
  needsUpload: boolean;
  isStoreImage: boolean;
  storeFileName: string | null;
  url: string;
  uploading: boolean;
  clickCount: number;
}

export type EditorButton = EditorTextButton | EditorImageButton;

/** SPEC 4 'Image button source states'. */
export type ImageSource = 'none' | 'custom' | 'store' | 'existing';

export function imageSourceOf(b: Pick<EditorImageButton, 'image' | 'imageFile' | 'isStoreImage'>): ImageSource {
  if (b.imageFile) return 'custom';
  if (b.isStoreImage && b.image) return 'store';
  if (b.image) return 'existing';
  return 'none';
}

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
}

export interface EditingPage {
  slug: string;
  id: number;
  company: string | null;
  visible: boolean;
}

export type EditorView = 'edit' | 'code' | 'stats';
export type NoticeKind = 'error' | 'success' | 'info';
export interface Notice {
  kind: NoticeKind;
  text: string;
  id: number;
}

// ---------------------------------------------------------------------------------------------
// State

const emptyForm = (): EditorForm => ({
  title: '',
  slug: '',
  mode: 'text',
  style: 'light',
  customStyles: null,
  header: '',
  headerFile: null,
  headerPreview: '',
  headerKind: null,
});

export const $form = map<EditorForm>(emptyForm());
export const $buttons = atom<EditorButton[]>([]);
export const $editing = atom<EditingPage | null>(null);
export const $loadedPage = atom<FullPage | null>(null);
export const $editorView = atom<EditorView>('edit');
export const $notice = atom<Notice | null>(null);
export const $saving = atom(false);
export const $loadingPage = atom<string | null>(null);
export const $duplicateError = atom<string | null>(null);
export const $lastSaved = atom<{ slug: string; title: string } | null>(null);
/** saved button image paths to delete after the next save (SPEC 4 step 4) */
export const $imagesToDelete = atom<string[]>([]);
/** the slug was typed by hand: stop deriving it from the title */
const $slugTouched = atom(false);

export const $canPreview = computed([$form, $buttons], (f, b) =>
  Boolean(f.title.trim() && (f.header || f.headerPreview) && b.length > 0),
);

/**
 * What the organiser would lose: the saved fields and buttons, without the editor's own
 * bookkeeping (row keys, upload spinners, blob URLs, click counts). A new file counts by its
 * name and size. Object keys are sorted so a panel that rebuilds the custom styles in another
 * order does not look like a change.
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
    buttons: buttons.map((b) =>
      b.type === 'text'
        ? { id: b.id, type: b.type, data: b.data, city: b.city, venue: b.venue, ctas: b.ctaButtons }
        : { id: b.id, type: b.type, image: b.image, file: file(b.imageFile), url: b.url },
    ),
  };
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
function markClean(): void {
  $baseline.set(snapshotOf($form.get(), $buttons.get()));
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

let keySeq = 0;
export function newKey(): string {
  keySeq += 1;
  return `b${Date.now().toString(36)}${keySeq}`;
}

// ---------------------------------------------------------------------------------------------
// Notification bar (SPEC 9: error 5 s, success 3 s)

let noticeTimer: ReturnType<typeof setTimeout> | undefined;
let noticeSeq = 0;
export function notify(kind: NoticeKind, text: string): void {
  noticeSeq += 1;
  $notice.set({ kind, text, id: noticeSeq });
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => $notice.set(null), kind === 'error' ? TOAST_ERROR_MS : TOAST_SUCCESS_MS);
}
export function dismissNotice(): void {
  clearTimeout(noticeTimer);
  $notice.set(null);
}

// ---------------------------------------------------------------------------------------------
// Form fields

export function setTitle(title: string): void {
  $form.setKey('title', title);
  // SPEC 5: in create mode an empty (untouched) slug follows the title
  if (!$editing.get() && (!$slugTouched.get() || !$form.get().slug)) {
    $slugTouched.set(false);
    $form.setKey('slug', slugify(title));
  }
}

export function setSlug(raw: string): void {
  // the slug of a saved page is its address: it does not change in edit mode
  if ($editing.get()) return;
  const slug = sanitiseSlug(raw);
  $slugTouched.set(slug !== '');
  $form.setKey('slug', slug);
}

/** Refused once buttons exist (SPEC 4). Returns whether the mode changed. */
export function setMode(mode: PageMode): boolean {
  const f = $form.get();
  if (f.mode === mode) return true;
  if ($buttons.get().length > 0) {
    notify('error', t('page.modeLocked'));
    return false;
  }
  $form.setKey('mode', mode);
  return true;
}

export function setStyle(style: PageStyle): void {
  $form.setKey('style', style);
}

/** The custom style object (issue 6's panel reads $form.customStyles and writes here). */
export function setCustomStyles(value: Record<string, unknown> | null): void {
  $form.setKey('customStyles', value);
}

const HEADER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const HEADER_VIDEO_TYPES = ['video/mp4'];
export const HEADER_ACCEPT = [...HEADER_IMAGE_TYPES, ...HEADER_VIDEO_TYPES].join(',');
export const BUTTON_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const BUTTON_IMAGE_ACCEPT = BUTTON_IMAGE_TYPES.join(',');

/** Checks a header file before any upload (SPEC 5 'Uploads'); returns the error or null. */
export function checkHeaderFile(file: File): string | null {
  if (HEADER_VIDEO_TYPES.includes(file.type)) {
    return file.size > MAX_VIDEO_BYTES ? t('upload.videoTooLarge') : null;
  }
  if (!HEADER_IMAGE_TYPES.includes(file.type)) return t('upload.headerType');
  return file.size > MAX_IMAGE_BYTES ? t('upload.imageTooLarge') : null;
}

/** Checks a button image file (SPEC 5 'Uploads'); returns the error or null. */
export function checkButtonImageFile(file: File): string | null {
  if (!BUTTON_IMAGE_TYPES.includes(file.type)) return t('upload.buttonImageType');
  return file.size > MAX_IMAGE_BYTES ? t('upload.imageTooLarge') : null;
}

function revoke(url: string | null | undefined): void {
  if (url && url.startsWith('blob:')) URL.revokeObjectURL(url);
}

/** Takes a header file: refused with the spec's message, else resized and previewed. */
export async function setHeaderFile(file: File | null): Promise<boolean> {
  const prev = $form.get();
  if (!file) {
    revoke(prev.headerPreview);
    $form.set({
      ...prev,
      headerFile: null,
      headerPreview: '',
      headerKind: prev.header ? kindOfPath(prev.header) : null,
    });
    return true;
  }
  const error = checkHeaderFile(file);
  if (error) {
    notify('error', error);
    return false;
  }
  const video = HEADER_VIDEO_TYPES.includes(file.type);
  let ready = file;
  if (!video) {
    const { resizeImage } = await import('../lib/image-resize');
    ready = await resizeImage(file);
  }
  revoke($form.get().headerPreview);
  $form.set({
    ...$form.get(),
    headerFile: ready,
    headerPreview: URL.createObjectURL(ready),
    headerKind: video ? 'video' : 'image',
  });
  return true;
}

export function kindOfPath(path: string): 'image' | 'video' {
  return /\.mp4(\?|#|$)/i.test(path) ? 'video' : 'image';
}

// ---------------------------------------------------------------------------------------------
// Buttons

function modeMismatch(type: PageMode, mode: PageMode): string {
  const label = (m: PageMode) => t(m === 'text' ? 'pages.type.text' : 'pages.type.image');
  return t('page.buttonModeMismatch', { type: label(type), mode: label(mode) });
}

/** Adds a button; a type that differs from the page mode is refused (SPEC 5). */
export function addButton(button: EditorButton): boolean {
  const mode = $form.get().mode;
  if (button.type !== mode) {
    notify('error', modeMismatch(button.type, mode));
    return false;
  }
  $buttons.set([...$buttons.get(), button]);
  notify('success', t('success.buttonAdded'));
  return true;
}

export function updateButton(button: EditorButton): boolean {
  const mode = $form.get().mode;
  if (button.type !== mode) {
    notify('error', modeMismatch(button.type, mode));
    return false;
  }
  const list = $buttons.get();
  const old = list.find((b) => b.key === button.key);
  if (!old) return false;
  if (old.type === 'image' && button.type === 'image') {
    // a replaced saved image is deleted after the save; store logos are shared, never deleted
    if (old.image && old.image !== button.image && !old.isStoreImage) markImageForDeletion(old.image);
    if (old.previewImage && old.previewImage !== button.previewImage) revoke(old.previewImage);
  }
  $buttons.set(list.map((b) => (b.key === button.key ? button : b)));
  notify('success', t('success.buttonUpdated'));
  return true;
}

export function removeButton(key: string): void {
  const list = $buttons.get();
  const old = list.find((b) => b.key === key);
  if (old?.type === 'image') {
    if (old.image && !old.isStoreImage) markImageForDeletion(old.image);
    revoke(old.previewImage);
  }
  $buttons.set(list.filter((b) => b.key !== key));
}

export function moveButton(from: number, to: number): void {
  const list = [...$buttons.get()];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return;
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item!);
  $buttons.set(list);
}

function markImageForDeletion(path: string): void {
  if (isStorePath(path) || !path.includes('/dati/')) return;
  $imagesToDelete.set([...$imagesToDelete.get(), path]);
}

// ---------------------------------------------------------------------------------------------
// Validation (SPEC 5 'Page'): the first error only, per-button errors prefixed 'Pulsante N: '

export function validateEditor(): string | null {
  const f = $form.get();
  const list = $buttons.get();
  const error = validatePage(buildPayload(), {
    isCreate: !$editing.get(),
    headerPending: Boolean(f.headerFile),
    imagePending: (i) => {
      const b = list[i];
      return b?.type === 'image' && Boolean(b.imageFile);
    },
  });
  return error ?? duplicateMessage();
}

/** Slug and title unique among the other pages of the list (SPEC 5 'Slug'). */
export function duplicateMessage(): string | null {
  const { slug, title } = $form.get();
  const list = $pagesList.get().data ?? [];
  const self = $editing.get()?.slug;
  const others = list.filter((p) => p.folder_name !== self);
  if (slug) {
    const hit = others.find((p) => p.folder_name === slug);
    if (hit) return t('slug.taken', { slug, name: hit.display_title || hit.title });
  }
  const wanted = titleKey(title);
  if (wanted) {
    const hit = others.find((p) => titleKey(p.title ?? '') === wanted);
    if (hit) return t('title.taken', { title: title.trim(), slug: hit.folder_name });
  }
  return null;
}

onMount($duplicateError, () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = '';
  const schedule = () => {
    const { slug, title } = $form.get();
    const key = `${slug}\u0000${title}\u0000${$editing.get()?.slug ?? ''}`;
    if (key === last) return;
    last = key;
    clearTimeout(timer);
    timer = setTimeout(() => $duplicateError.set(duplicateMessage()), DUPLICATE_CHECK_DEBOUNCE_MS);
  };
  const unsubs = [
    $form.listen(schedule),
    $editing.listen(schedule),
    $pagesList.listen(() => {
      last = '';
      schedule();
    }),
  ];
  schedule();
  return () => {
    clearTimeout(timer);
    unsubs.forEach((u) => u());
  };
});

// ---------------------------------------------------------------------------------------------
// From the server to the editor and back

export function buttonFromReceived(b: ReceivedButton): EditorButton {
  if (b.type === 'image') {
    const path = b.image_path ?? '';
    const store = isStorePath(path);
    return {
      key: newKey(),
      id: b.id,
      type: 'image',
      image: path,
      previewImage: null,
      imageFile: null,
      needsUpload: false,
      isStoreImage: store,
      storeFileName: store ? (path.split('/').pop() ?? null) : null,
      url: b.url ?? '',
      uploading: false,
      clickCount: b.click_count ?? 0,
    };
  }
  const { date: data, city, venue, label } = decodeEventText(b.text);
  const ctas: CtaButton[] =
    b.cta_buttons && b.cta_buttons.length > 0
      ? b.cta_buttons.map((c) => ({ url: c.url ?? '', buttonText: c.buttonText || t('editor.cta.defaultLabel') }))
      : [{ url: b.url ?? '', buttonText: label || t('editor.cta.defaultLabel') }];
  return { key: newKey(), id: b.id, type: 'text', data, city, venue, ctaButtons: ctas, clickCount: b.click_count ?? 0 };
}

function parseCustomStyles(value: unknown): Record<string, unknown> | null {
  if (!value) return null;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

function applyPage(page: FullPage): void {
  revoke($form.get().headerPreview);
  for (const b of $buttons.get()) if (b.type === 'image') revoke(b.previewImage);
  const sorted = [...page.buttons].sort((a, b) => a.position - b.position);
  const mode: PageMode = page.mode ?? sorted[0]?.type ?? 'text';
  $form.set({
    title: page.title ?? '',
    slug: page.folder_name,
    mode,
    style: page.style ?? 'light',
    customStyles: parseCustomStyles(page.custom_styles),
    header: page.header ?? '',
    headerFile: null,
    headerPreview: '',
    headerKind: page.header ? kindOfPath(page.header) : null,
  });
  $buttons.set(sorted.map(buttonFromReceived));
  $editing.set({ slug: page.folder_name, id: page.id, company: page.company, visible: page.visible });
  $loadedPage.set(page);
  $imagesToDelete.set([]);
  $slugTouched.set(true);
  markClean();
}

/** Clicking a sidebar entry (SPEC 2): loads the page into the form, in edit mode. */
export async function loadPageForEdit(slug: string): Promise<boolean> {
  $loadingPage.set(slug);
  try {
    const page = await fetchPage(slug, true);
    applyPage(page);
    $editorView.set('edit');
    notify('success', t('success.pageLoaded'));
    return true;
  } catch (err) {
    notify('error', errorText(err));
    return false;
  } finally {
    $loadingPage.set(null);
  }
}

export function resetEditor(): void {
  revoke($form.get().headerPreview);
  for (const b of $buttons.get()) if (b.type === 'image') revoke(b.previewImage);
  $form.set(emptyForm());
  $buttons.set([]);
  $editing.set(null);
  $loadedPage.set(null);
  $imagesToDelete.set([]);
  $slugTouched.set(false);
  $editorView.set('edit');
  $duplicateError.set(null);
  markClean();
}

export function setEditorView(view: EditorView): void {
  $editorView.set(view);
}

export function setEditingMeta(patch: Partial<EditingPage>): void {
  const e = $editing.get();
  if (e) $editing.set({ ...e, ...patch });
}

function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return t('error.connection');
}

/** The JSON payload of SPEC 3; new files are left out and uploaded after (SPEC 4 order). */
export function buildPayload(): PagePayload & { buttons: NonNullable<PagePayload['buttons']> } {
  const f = $form.get();
  const buttons = $buttons.get().map((b, i) => {
    const base = { ...(b.id !== undefined ? { id: b.id } : {}), position: i + 1 };
    if (b.type === 'text') {
      const ctas = b.ctaButtons.map((c) => ({
        url: c.url.trim(),
        buttonText: c.buttonText.trim() || t('editor.cta.defaultLabel'),
      }));
      const first = ctas[0] ?? { url: '', buttonText: t('editor.cta.defaultLabel') };
      return {
        ...base,
        type: 'text' as const,
        text: encodeEventText({ date: b.data, city: b.city, venue: b.venue }, first.buttonText),
        image_path: '',
        url: first.url,
        cta_buttons: ctas,
      };
    }
    return {
      ...base,
      type: 'image' as const,
      text: '',
      image_path: b.imageFile ? '' : b.image,
      url: b.url.trim(),
      cta_buttons: null,
    };
  });
  const title = f.title.trim();
  return {
    title,
    display_title: title,
    ...($editing.get() ? {} : { folder_name: f.slug }),
    mode: f.mode,
    style: f.mode === 'text' ? f.style : 'light',
    custom_styles: f.customStyles ?? {},
    // a new file is uploaded right after; until then an update keeps the current header
    header: f.header,
    buttons,
  };
}

function setUploading(keys: Set<string>, value: boolean): void {
  $buttons.set($buttons.get().map((b) => (b.type === 'image' && keys.has(b.key) ? { ...b, uploading: value } : b)));
}

/**
 * Save in SPEC 4's order: 1 the page; 2 the header if new; 3 the button images, then reload;
 * 4 delete the marked old button images (store images never).
 * Returns true when the page itself was saved.
 */
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
  const editing = $editing.get();
  const form = $form.get();
  const slug = editing?.slug ?? form.slug;
  const payload = buildPayload();
  const pendingImages = $buttons
    .get()
    .map((b, index) => ({ b, index }))
    .filter((x): x is { b: EditorImageButton; index: number } => x.b.type === 'image' && Boolean(x.b.imageFile));
  const toDelete = [...$imagesToDelete.get()];
  $saving.set(true);
  try {
    // 1. the page
    try {
      if (editing) await request(`/api/db/landing-pages/${encodeURIComponent(slug)}`, { method: 'PUT', json: payload });
      else await request('/api/db/landing-pages', { method: 'POST', json: payload });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        notify('error', t('pages.authRequired'));
      } else {
        const detail = errorText(err);
        notify('error', t(editing ? 'error.update' : 'error.create', { detail }));
      }
      return false;
    }
    let partial: string | null = null;
    // 2. the header, if new
    if (form.headerFile) {
      const body = new FormData();
      body.append('image', form.headerFile, form.headerFile.name);
      try {
        await request(`/api/db/landing-pages/${encodeURIComponent(slug)}/upload-image`, { method: 'POST', body });
      } catch (err) {
        partial = t('error.savedHeaderUploadFailed', { detail: uploadDetail(err, 'error.upload') });
      }
    }
    // 3. the button images, mapped to their 0-based index in position order
    if (pendingImages.length > 0) {
      const body = new FormData();
      const mapping: Record<string, number> = {};
      pendingImages.forEach(({ b, index }, order) => {
        body.append('button_images', b.imageFile!, b.imageFile!.name);
        mapping[String(order)] = index;
      });
      body.append('image_mapping', JSON.stringify(mapping));
      const keys = new Set(pendingImages.map((x) => x.b.key));
      setUploading(keys, true);
      try {
        await request(`/api/db/landing-pages/${encodeURIComponent(slug)}/upload-button-images`, {
          method: 'POST',
          body,
        });
      } catch (err) {
        partial ??= t('error.savedButtonsUploadFailed', { detail: uploadDetail(err, 'error.uploadButtons') });
      } finally {
        setUploading(keys, false);
      }
    }
    // 4. old button images no longer used (a failure here leaves only an orphan file)
    for (const path of toDelete) {
      const filename = path.split('/').pop();
      if (!filename || isStorePath(path)) continue;
      try {
        await request(
          `/api/db/landing-pages/${encodeURIComponent(slug)}/button-image/${encodeURIComponent(filename)}`,
          { method: 'DELETE' },
        );
      } catch {
        /* already gone or not ours: nothing the organiser can do */
      }
    }
    $imagesToDelete.set([]);
    invalidatePage(slug);
    revalidatePagesList();
    $lastSaved.set({ slug, title: form.title.trim() });
    if (editing) {
      // after an update the form stays, refreshed with the server's paths and ids
      try {
        const page = await fetchPage(slug, true);
        applyPage(page);
      } catch {
        // the save succeeded; the form keeps what the organiser typed, which is now saved
        markClean();
      }
    } else {
      resetEditor();
    }
    if (partial) notify('error', partial);
    else notify('success', t(editing ? 'success.pageUpdated' : 'success.pageCreated'));
    return true;
  } finally {
    $saving.set(false);
  }
}

function uploadDetail(err: unknown, fallback: 'error.upload' | 'error.uploadButtons'): string {
  if (err instanceof ApiError) {
    const { message } = err;
    return message && !message.startsWith('Errore server') ? message : t(fallback, { status: err.status });
  }
  return t('error.connection');
}

// ---------------------------------------------------------------------------------------------
// The preview (SPEC 5: needs a title, a header and at least one button)

export interface PreviewPage {
  title: string;
  display_title: string;
  header: string;
  mode: PageMode;
  style: PageStyle;
  custom_styles: unknown;
  buttons: ReceivedButton[];
}

export function previewPage(): PreviewPage {
  const f = $form.get();
  const payload = buildPayload();
  const list = $buttons.get();
  const buttons: ReceivedButton[] = payload.buttons
    .map((b, i) => {
      const src = list[i]!;
      const image = src.type === 'image' ? (src.previewImage ?? src.image) : '';
      return {
        id: src.id ?? -(i + 1),
        position: i + 1,
        type: b.type,
        text: String(b.text ?? ''),
        image_path: b.type === 'image' ? image : null,
        url: b.url ?? null,
        click_count: 0,
        cta_buttons: b.type === 'text' ? (src.type === 'text' ? (b.cta_buttons as CtaButton[]) : null) : null,
      };
    })
    // SPEC 5: in preview image mode, buttons without an image or with a blob image are dropped
    .filter((b) => b.type !== 'image' || (b.image_path && !b.image_path.startsWith('blob:')));
  return {
    title: f.title.trim(),
    display_title: f.title.trim(),
    header: f.headerPreview || f.header,
    mode: f.mode,
    style: f.mode === 'text' ? f.style : 'light',
    custom_styles: f.customStyles ?? {},
    buttons,
  };
}
