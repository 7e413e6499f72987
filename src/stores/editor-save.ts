// The save sequence. In this order: 1 the page itself; 2 the header, if a new file waits;
// 3 the new button images; 4 the old button images no longer used are deleted (store badges
// never). Then the list and the page are read again. Only step 1 decides whether the save
// succeeded: a failed upload after it leaves the page saved and says which file did not make it.
import { t } from '../core/messages';
import { ApiError, errorText, getToken } from '../lib/api';
import * as api from '../lib/api-client';
import {
  $buttons,
  $editing,
  $form,
  $imagesToDelete,
  $lastSaved,
  $saving,
  type EditorImageButton,
  markClean,
} from './editor';
import { isStorePath } from './editor-core';
import { applyPage, resetEditor } from './editor-load';
import { notify } from './editor-notice';
import { fetchPage, revalidatePagesList } from './editor-pages';
import { buildPayload } from './editor-payload';
import { validateEditor } from './editor-validation';

function setUploading(keys: Set<string>, value: boolean): void {
  $buttons.set($buttons.get().map((b) => (b.type === 'image' && keys.has(b.key) ? { ...b, uploading: value } : b)));
}

/** The server's reason for a failed upload, or the upload's own message with the status. */
function uploadDetail(err: unknown, fallback: 'error.upload' | 'error.uploadButtons'): string {
  if (err instanceof ApiError) {
    const { message } = err;
    return message && !message.startsWith('Errore server') ? message : t(fallback, { status: err.status });
  }
  return t('error.connection');
}

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
      if (editing) await api.updatePage(slug, payload);
      else await api.createPage(payload);
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
      try {
        await api.uploadHeader(slug, form.headerFile);
      } catch (err) {
        partial = t('error.savedHeaderUploadFailed', { detail: uploadDetail(err, 'error.upload') });
      }
    }
    // 3. the button images, each mapped to its button's 0-based index in position order
    if (pendingImages.length > 0) {
      const keys = new Set(pendingImages.map((x) => x.b.key));
      setUploading(keys, true);
      try {
        await api.uploadButtonImages(
          slug,
          pendingImages.map(({ b, index }) => ({ file: b.imageFile!, index })),
        );
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
        await api.deleteButtonImage(slug, filename);
      } catch {
        /* already gone or not ours: nothing the organiser can do */
      }
    }
    $imagesToDelete.set([]);
    revalidatePagesList();
    $lastSaved.set({ slug, title: form.title.trim() });
    if (editing) {
      // after an update the form stays, refreshed with the server's paths and ids
      try {
        const page = await fetchPage(slug);
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
