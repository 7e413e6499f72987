// The page form's fields: title, slug, mode, style, custom styles and the header file.
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../core/constants';
import { t } from '../../core/messages';
import { $buttons, $editing, $form, $slugTouched, kindOfPath, revoke } from './state';
import { type PageMode, type PageStyle, sanitiseSlug, slugify } from './core';
import { notify } from './notice';
import { forgetPoster, posterForNewHeader } from './poster';

export function setTitle(title: string): void {
  $form.setKey('title', title);
  // in create mode a slug the organiser has not typed (or has emptied) follows the title
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

/** The mode is locked once buttons exist. Returns whether the mode is now the one asked for. */
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

/** The custom style object (the style panel reads $form.customStyles and writes here). */
export function setCustomStyles(value: Record<string, unknown> | null): void {
  $form.setKey('customStyles', value);
}

// ---------------------------------------------------------------------------------------------
// Files: the types and sizes accepted before any upload

const HEADER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const HEADER_VIDEO_TYPES = ['video/mp4'];
export const HEADER_ACCEPT = [...HEADER_IMAGE_TYPES, ...HEADER_VIDEO_TYPES].join(',');
const BUTTON_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const BUTTON_IMAGE_ACCEPT = BUTTON_IMAGE_TYPES.join(',');

/** A header is a JPEG, PNG or WebP image or an MP4 video, within its size limit; returns the error or null. */
function checkHeaderFile(file: File): string | null {
  if (HEADER_VIDEO_TYPES.includes(file.type)) {
    return file.size > MAX_VIDEO_BYTES ? t('upload.videoTooLarge') : null;
  }
  if (!HEADER_IMAGE_TYPES.includes(file.type)) return t('upload.headerType');
  return file.size > MAX_IMAGE_BYTES ? t('upload.imageTooLarge') : null;
}

/** A button image is a JPEG, PNG, WebP or GIF within the image size limit; returns the error or null. */
export function checkButtonImageFile(file: File): string | null {
  if (!BUTTON_IMAGE_TYPES.includes(file.type)) return t('upload.buttonImageType');
  return file.size > MAX_IMAGE_BYTES ? t('upload.imageTooLarge') : null;
}

/**
 * Takes a header file: a refused file is reported, an image is resized, either is previewed. A
 * video's poster frame is taken in the background into posterFile (docs/behaviour.md#uploads); an
 * image, or no new file, leaves no pending poster.
 */
export async function setHeaderFile(file: File | null): Promise<boolean> {
  const prev = $form.get();
  if (!file) {
    revoke(prev.headerPreview);
    forgetPoster();
    $form.set({
      ...prev,
      headerFile: null,
      headerPreview: '',
      headerKind: prev.header ? kindOfPath(prev.header) : null,
      posterFile: null,
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
    const { HEADER_UPLOAD_WIDTH, resizeImage } = await import('../../lib/image-resize');
    ready = await resizeImage(file, HEADER_UPLOAD_WIDTH);
  }
  revoke($form.get().headerPreview);
  forgetPoster();
  $form.set({
    ...$form.get(),
    headerFile: ready,
    headerPreview: URL.createObjectURL(ready),
    headerKind: video ? 'video' : 'image',
    posterFile: null,
  });
  if (video) void posterForNewHeader(ready);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Dates and publishing windows

export function setShowPast(value: boolean): void {
  $form.setKey('showPast', value);
}

/** 'Mostra 'Avvisami' sotto le date' (docs/behaviour.md#for-the-organiser). */
export function setFanSignup(value: boolean): void {
  $form.setKey('fanSignup', value);
}

/** The fans' reminder a day before an on-sale instant (docs/behaviour.md#on-sale-e-mails). */
export function setSaleReminder(value: boolean): void {
  $form.setKey('saleReminder', value);
}

/** A bound of the publishing window, as the datetime-local field holds it ('' = open). */
export function setWindowBound(key: 'visibleFrom' | 'visibleUntil', local: string): void {
  $form.setKey(key, local);
}
