// The checks before a save: the page's rules (the first error only, a button's error prefixed
// with its number), then slug and title unique among the other pages of the list. While the
// form is on screen the duplicate check also runs as the organiser types, debounced.
import { atom, computed, onMount } from 'nanostores';
import { DUPLICATE_CHECK_DEBOUNCE_MS } from '../../core/constants';
import { t } from '../../core/messages';
import { isWindowInstant, windowIsValid } from '../../core/schedule';
import { $buttons, $editing, $form, type EditorForm } from './state';
import { titleKey, validatePage } from './core';
import { $pagesList } from './pages';
import { buildPayload, windowBound } from './payload';

/** A filled field that gives no instant the API takes (a year outside 1000–9999 once in UTC). */
function boundIsInvalid(local: string): boolean {
  if (!local) return false;
  const bound = windowBound(local);
  return bound === null || !isWindowInstant(Date.parse(bound));
}

/**
 * The publishing window's error: each bound an instant the API takes, and the end after the
 * start (docs/behaviour.md#in-the-editor).
 */
export function windowMessage(f: Pick<EditorForm, 'visibleFrom' | 'visibleUntil'>): string | null {
  if (boundIsInvalid(f.visibleFrom) || boundIsInvalid(f.visibleUntil)) return t('page.windowBoundInvalid');
  return windowIsValid(windowBound(f.visibleFrom), windowBound(f.visibleUntil)) ? null : t('page.windowInvalid');
}

/** The window's error while the form shows it (under the two fields). */
export const $windowError = computed($form, windowMessage);

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
  return error ?? windowMessage(f) ?? duplicateMessage();
}

/** Slug and title (compared by titleKey) unique among the other pages of the list. */
function duplicateMessage(): string | null {
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

/**
 * The duplicate slug or title message, or null. While the form shows it, it is checked
 * DUPLICATE_CHECK_DEBOUNCE_MS after the last change of slug, title, page or list.
 */
export const $duplicateError = atom<string | null>(null);

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
    for (const unsub of unsubs) unsub();
  };
});
