// The page's button list: add, update, remove and reorder. A button's type must match the page
// mode. A saved image that is replaced or removed is the Worker's to delete once the save no
// longer uses it (docs/behaviour.md#uploads); the list only lets go of its blob: previews.
import { t } from '../../core/messages';
import { eventDay, isPastEvent } from '../../core/schedule';
import { $buttons, $form, type EditorButton, type EditorImageButton, revoke } from './state';
import type { PageMode } from './core';
import { notify } from './notice';

/** Where an image button's picture comes from: nothing yet, a new file, a store badge, or the saved image. */
export type ImageSource = 'none' | 'custom' | 'store' | 'existing';

export function imageSourceOf(b: Pick<EditorImageButton, 'image' | 'imageFile' | 'isStoreImage'>): ImageSource {
  if (b.imageFile) return 'custom';
  if (b.isStoreImage && b.image) return 'store';
  if (b.image) return 'existing';
  return 'none';
}

function modeMismatch(type: PageMode, mode: PageMode): string {
  const label = (m: PageMode) => t(m === 'text' ? 'pages.type.text' : 'pages.type.image');
  return t('page.buttonModeMismatch', { type: label(type), mode: label(mode) });
}

/** Adds a button; a type that differs from the page mode is refused. */
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
  if (old.type === 'image' && button.type === 'image' && old.previewImage !== button.previewImage) {
    revoke(old.previewImage);
  }
  $buttons.set(list.map((b) => (b.key === button.key ? button : b)));
  notify('success', t('success.buttonUpdated'));
  return true;
}

export function removeButton(key: string): void {
  const list = $buttons.get();
  const old = list.find((b) => b.key === key);
  if (old?.type === 'image') revoke(old.previewImage);
  $buttons.set(list.filter((b) => b.key !== key));
}

export function moveButton(from: number, to: number): void {
  const list = [...$buttons.get()];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return;
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item!);
  $buttons.set(list);
}

/** The events whose day is before today in Europe/Rome (undated ones never are). */
export function pastEventKeys(list: readonly EditorButton[], now: Date = new Date()): string[] {
  return list.filter((b) => b.type === 'text' && isPastEvent(b.data, now)).map((b) => b.key);
}

/** 'Rimuovi date passate': removes the past events the way one delete does; answers how many. */
export function removePastEvents(now: Date = new Date()): number {
  const keys = pastEventKeys($buttons.get(), now);
  for (const key of keys) removeButton(key);
  if (keys.length > 0) {
    notify(
      'success',
      t(keys.length === 1 ? 'editor.schedule.removedOne' : 'editor.schedule.removed', { count: keys.length }),
    );
  }
  return keys.length;
}

/**
 * 'Ordina per data': dated events by day ascending, undated ones last; a stable sort, so events
 * of the same day and the undated ones keep the order they had.
 */
export function sortByDate(): void {
  const day = (b: EditorButton) => (b.type === 'text' ? eventDay(b.data) : null);
  const ranked = $buttons.get().map((b, i) => ({ b, i, d: day(b) }));
  ranked.sort((x, y) => {
    if (x.d === y.d) return x.i - y.i;
    if (x.d === null) return 1;
    if (y.d === null) return -1;
    return x.d < y.d ? -1 : x.d > y.d ? 1 : x.i - y.i;
  });
  $buttons.set(ranked.map((r) => r.b));
  notify('success', t('editor.schedule.sorted'));
}
