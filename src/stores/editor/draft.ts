/**
 * The button creator's draft (text and image buttons) and the URL tracking indicator.
 *
 *   $textDraft   {data, city, venue, ctas: CtaDraft[]}; each CTA with its ticket drop: 'In vendita
 *                dal' in Europe/Rome wall-clock time and its availability, the 'soldout' label in
 *                step with 'Sold out' (docs/behaviour.md#ticket-drops-in-the-editor)
 *   $imageDraft  {file, preview, storeId, existing, url}; imageDraftSource() → where the picture
 *                comes from: none, a new file, a store badge or the saved image
 *   $editingKey  the key of the list button being edited, or null (adding)
 *   $tracking    rowId → 'tracking' | 'tracked' | 'failed': the indicator under a ticket link
 *   $draftError  the creator's first error, shown under it
 *   $committing  true while submitDraft waits for the ticket links' tracking before adding
 *
 * A ticket link is tracked when its field is left (trackCtaUrl) and again, if still needed, when
 * the draft is submitted (submitDraft): one tap on 'Aggiungi pulsante' right after typing adds
 * the event with the tracked link (docs/behaviour.md#links-and-urls).
 */
import { atom, map } from 'nanostores';
import { t } from '../../core/messages';
import { type Availability, SOLDOUT_LABEL, TICKETS_LABEL, withAvailability } from '../../core/on-sale';
import * as api from '../../lib/api-client';
import { $buttons, $editing, $form, type EditorButton, type EditorImageButton, newKey } from './state';
import { addButton, type ImageSource, imageSourceOf, updateButton } from './buttons';
import { isStorePath } from '../../core/store-badges';
import { isTicketUrl, storePath, validateEventForm } from './core';
import { type CtaDraft, type CtaPreset, ctaFrom, ctaOf, emptyCta, labelOf } from './cta-draft';
import { checkButtonImageFile } from './form';
import { notify } from './notice';
import { editPresale, presaleForRow, resetPresaleDraft } from './presale';

export { CTA_PRESETS, type CtaDraft, type CtaPreset } from './cta-draft';

export interface TextDraft {
  data: string;
  city: string;
  venue: string;
  ctas: CtaDraft[];
}

export interface ImageDraft {
  file: File | null;
  preview: string | null;
  storeId: string | null;
  existing: string | null;
  url: string;
}

export type TrackingState = 'tracking' | 'tracked' | 'failed';

const emptyText = (): TextDraft => ({ data: '', city: '', venue: '', ctas: [emptyCta()] });
const emptyImage = (): ImageDraft => ({ file: null, preview: null, storeId: null, existing: null, url: '' });

export const $textDraft = map<TextDraft>(emptyText());
export const $imageDraft = map<ImageDraft>(emptyImage());
export const $editingKey = atom<string | null>(null);
export const $tracking = map<Record<string, TrackingState>>({});
export const $draftError = atom<string | null>(null);
export const $committing = atom(false);

/** The tracking call under way for a row, with the link it was started for. */
const inFlight = new Map<string, { url: string; done: Promise<void> }>();

// -- text draft ------------------------------------------------------------------------------

export function setTextField(field: 'data' | 'city' | 'venue', value: string): void {
  $textDraft.setKey(field, value);
  $draftError.set(null);
}

export function addCtaRow(): void {
  $textDraft.setKey('ctas', [...$textDraft.get().ctas, emptyCta()]);
}

/** A text button keeps at least one call to action: the last row cannot be removed. */
export function removeCtaRow(id: string): void {
  const ctas = $textDraft.get().ctas;
  if (ctas.length <= 1) return;
  $textDraft.setKey(
    'ctas',
    ctas.filter((c) => c.rowId !== id),
  );
}

export function setCta(id: string, patch: Partial<Omit<CtaDraft, 'rowId'>>): void {
  $textDraft.setKey(
    'ctas',
    $textDraft.get().ctas.map((c) => (c.rowId === id ? { ...c, ...patch } : c)),
  );
  if (patch.url !== undefined) {
    const next = { ...$tracking.get() };
    delete next[id];
    $tracking.set(next);
  }
}

/**
 * The label preset, with the availability in step: 'soldout' makes the CTA sold out; another
 * label on a sold-out CTA puts it back on sale.
 */
export function setCtaPreset(id: string, preset: CtaPreset): void {
  const row = $textDraft.get().ctas.find((c) => c.rowId === id);
  if (!row) return;
  if (preset === SOLDOUT_LABEL) setCta(id, { preset, availability: 'sold_out' });
  else setCta(id, { preset, availability: row.availability === 'sold_out' ? 'on_sale' : row.availability });
}

/**
 * The availability, with the label in step: 'Sold out' takes the 'soldout' preset; a sold-out
 * CTA put back on sale takes 'biglietti' (withAvailability in src/core/on-sale.ts).
 */
export function setCtaAvailability(id: string, availability: Availability): void {
  const row = $textDraft.get().ctas.find((c) => c.rowId === id);
  if (!row) return;
  const label = row.preset === SOLDOUT_LABEL ? SOLDOUT_LABEL : labelOf(row);
  const next = withAvailability({ buttonText: label }, availability).buttonText;
  if (next === label) setCta(id, { availability });
  else setCta(id, { availability, preset: next === TICKETS_LABEL ? 'biglietti' : 'soldout', custom: '' });
}

/** 'In vendita dal' in Europe/Rome wall-clock time ('YYYY-MM-DDTHH:MM'); '' clears it (on sale now). */
export function setCtaOnSale(id: string, local: string): void {
  setCta(id, { onSaleAt: local });
}

/**
 * An empty custom label goes back to the 'biglietti' preset. Done on submit, not when the field
 * is left: removing the field on blur would move 'Aggiungi pulsante' under the finger.
 */
export function settleCustomCta(id: string): void {
  const row = $textDraft.get().ctas.find((c) => c.rowId === id);
  if (row && row.preset === 'custom' && !row.custom.trim()) setCta(id, { preset: 'biglietti', custom: '' });
}

/**
 * Tracks a ticket-host link through the API's track-url route: the row's URL is replaced by the tracked
 * one. Other hosts are left alone and show no indicator. A call already under way for the same
 * link is shared, not repeated.
 */
export function trackCtaUrl(id: string): Promise<void> {
  const row = $textDraft.get().ctas.find((c) => c.rowId === id);
  if (!row?.url.trim() || !isTicketUrl(row.url)) return Promise.resolve();
  const state = $tracking.get()[id];
  if (state === 'tracked') return Promise.resolve();
  const running = inFlight.get(id);
  if (running && running.url === row.url && state === 'tracking') return running.done;
  const done = runTracking(id, row.url);
  inFlight.set(id, { url: row.url, done });
  return done;
}

async function runTracking(id: string, url: string): Promise<void> {
  $tracking.setKey(id, 'tracking');
  try {
    const res = await api.trackUrl(url.trim(), $form.get().slug || undefined);
    const still = $textDraft.get().ctas.find((c) => c.rowId === id);
    if (!still || still.url !== url) return;
    if (res.success && res.tracked_url) {
      $textDraft.setKey(
        'ctas',
        $textDraft.get().ctas.map((c) => (c.rowId === id ? { ...c, url: res.tracked_url } : c)),
      );
      $tracking.setKey(id, 'tracked');
    } else {
      $tracking.setKey(id, 'failed');
    }
  } catch {
    const still = $textDraft.get().ctas.find((c) => c.rowId === id);
    if (still && still.url === url) $tracking.setKey(id, 'failed');
  } finally {
    if (inFlight.get(id)?.url === url) inFlight.delete(id);
  }
}

/**
 * Every ticket link of the text draft that is not tracked yet is tracked now (or the call under
 * way is awaited). A link whose tracking failed stays as typed.
 */
async function trackDraftLinks(): Promise<void> {
  const tracking = $tracking.get();
  await Promise.all(
    $textDraft
      .get()
      .ctas.filter((c) => tracking[c.rowId] !== 'failed')
      .map((c) => trackCtaUrl(c.rowId)),
  );
}

/** How long a submit waits for tracking before it adds the links as typed (a stalled connection). */
export const TRACK_WAIT_MS = 5000;

/**
 * 'Aggiungi pulsante' / 'Aggiorna pulsante': tracks the draft's ticket links first (a fast call),
 * then adds or updates the button. A second submit while the first waits does nothing.
 */
export async function submitDraft(type: 'text' | 'image' = $form.get().mode): Promise<boolean> {
  if ($committing.get()) return false;
  $committing.set(true);
  try {
    if (type === 'text' && !textDraftError()) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stalled = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, TRACK_WAIT_MS);
      });
      await Promise.race([trackDraftLinks(), stalled]);
      clearTimeout(timer);
    }
    return commitDraft(type);
  } finally {
    $committing.set(false);
  }
}

// -- image draft -----------------------------------------------------------------------------

export function imageDraftSource(d: ImageDraft = $imageDraft.get()): ImageSource {
  return imageSourceOf({
    image: d.storeId ? storePath(d.storeId) : (d.existing ?? ''),
    imageFile: d.file,
    isStoreImage: Boolean(d.storeId),
  });
}

function revokeDraftPreview(): void {
  const d = $imageDraft.get();
  // the preview URL belongs to the list once the button is added; only drop an unused one
  const used = $buttons.get().some((b) => b.type === 'image' && b.previewImage === d.preview);
  if (d.preview && !used) URL.revokeObjectURL(d.preview);
}

export async function setImageFile(file: File | null): Promise<void> {
  $draftError.set(null);
  if (!file) {
    revokeDraftPreview();
    $imageDraft.set({ ...$imageDraft.get(), file: null, preview: null });
    return;
  }
  const error = checkButtonImageFile(file);
  if (error) {
    $draftError.set(error);
    notify('error', error);
    return;
  }
  // GIFs keep their animation: only still images are resized
  let ready = file;
  if (file.type !== 'image/gif') {
    const { resizeImage } = await import('../../lib/image-resize');
    ready = await resizeImage(file);
  }
  revokeDraftPreview();
  $imageDraft.set({ ...$imageDraft.get(), file: ready, preview: URL.createObjectURL(ready), storeId: null });
}

export function selectStore(id: string | null): void {
  $draftError.set(null);
  revokeDraftPreview();
  $imageDraft.set({ ...$imageDraft.get(), storeId: id, file: null, preview: null });
}

/** Back to the 'none' source state. */
export function clearImageDraft(): void {
  $draftError.set(null);
  revokeDraftPreview();
  $imageDraft.set({ ...$imageDraft.get(), file: null, preview: null, storeId: null, existing: null });
}

export function setImageUrl(url: string): void {
  $imageDraft.setKey('url', url);
}

// -- commit ----------------------------------------------------------------------------------

export function resetDraft(): void {
  revokeDraftPreview();
  $textDraft.set(emptyText());
  $imageDraft.set(emptyImage());
  $editingKey.set(null);
  $tracking.set({});
  inFlight.clear();
  $draftError.set(null);
  resetPresaleDraft();
}

/** On add or update, date, city and venue are all required, with at least one call to action. */
export function textDraftError(d: TextDraft = $textDraft.get()): string | null {
  return validateEventForm({ date: d.data, city: d.city, venue: d.venue, ctaButtons: d.ctas });
}

export function imageDraftError(d: ImageDraft = $imageDraft.get()): string | null {
  return imageDraftSource(d) === 'none' ? t('button.imageMissing') : null;
}

/** Adds the draft as a new button, or updates the one being edited. */
export function commitDraft(type: 'text' | 'image' = $form.get().mode): boolean {
  const editingKey = $editingKey.get();
  const old = editingKey ? $buttons.get().find((b) => b.key === editingKey) : undefined;
  let button: EditorButton;
  if (type === 'text') {
    for (const c of $textDraft.get().ctas) settleCustomCta(c.rowId);
    const d = $textDraft.get();
    const error = textDraftError(d);
    if (error) {
      $draftError.set(error);
      notify('error', error);
      return false;
    }
    const ctaButtons = d.ctas.map(ctaOf);
    // the date's presale, held to the save's rule (docs/behaviour.md#presales-in-the-editor)
    const presale = presaleForRow(ctaButtons, old?.type === 'text' ? old.presale : undefined);
    if ('problem' in presale) {
      $draftError.set(presale.problem);
      notify('error', presale.problem);
      return false;
    }
    button = {
      key: old?.key ?? newKey(),
      ...(old?.id !== undefined ? { id: old.id } : {}),
      type: 'text',
      data: d.data.trim(),
      city: d.city.trim(),
      venue: d.venue.trim(),
      ctaButtons,
      clickCount: old?.clickCount ?? 0,
      ...presale.fields,
      // an edited date keeps its ticket page (docs/behaviour.md#keeping-up-with-the-ticket-page)
      ...(old?.type === 'text' && old.ticketSource !== undefined ? { ticketSource: old.ticketSource } : {}),
    };
  } else {
    const d = $imageDraft.get();
    const error = imageDraftError(d);
    if (error) {
      $draftError.set(error);
      notify('error', error);
      return false;
    }
    const source = imageDraftSource(d);
    const image = source === 'store' ? storePath(d.storeId!) : source === 'existing' ? d.existing! : '';
    const b: EditorImageButton = {
      key: old?.key ?? newKey(),
      ...(old?.id !== undefined ? { id: old.id } : {}),
      type: 'image',
      image,
      previewImage: source === 'custom' ? d.preview : null,
      imageFile: source === 'custom' ? d.file : null,
      isStoreImage: source === 'store',
      url: d.url.trim(),
      uploading: false,
      clickCount: old?.clickCount ?? 0,
    };
    button = b;
  }
  const ok = old ? updateButton(button) : addButton(button);
  if (ok) {
    // the list owns the preview URL now
    $imageDraft.setKey('preview', null);
    resetDraft();
  }
  return ok;
}

/** Loads a list button into the creator for editing. */
export function editButton(key: string): void {
  const b = $buttons.get().find((x) => x.key === key);
  if (!b) return;
  resetDraft();
  $editingKey.set(key);
  if (b.type === 'text') {
    $textDraft.set({
      data: b.data,
      city: b.city,
      venue: b.venue,
      ctas: b.ctaButtons.length > 0 ? b.ctaButtons.map(ctaFrom) : [emptyCta()],
    });
    editPresale(b.presale, b.presaleCodes);
  } else {
    const store =
      b.isStoreImage && isStorePath(b.image)
        ? b.image
            .split('/')
            .pop()!
            .replace(/\.svg$/, '')
        : null;
    $imageDraft.set({
      file: b.imageFile,
      preview: b.previewImage,
      storeId: store,
      existing: !store && !b.imageFile && b.image ? b.image : null,
      url: b.url,
    });
  }
}

export function cancelButtonEdit(): void {
  resetDraft();
}

// a page switch (load, cancel, save) starts the creator afresh
$editing.listen(() => resetDraft());
