// State and logic behind the editor's second part: the header palette, saving custom styles
// and the JSON code view (the statistics have their own store, stats.ts). Components
// only subscribe and call these functions; the rules live here.
//
// API:
//   $palette                     { key, colours, loading } for the page being edited
//   ensurePalette(slug, header)  extracts the header's five colours once per (slug, header)
//   paletteFromFile(file)        the same for a header chosen but not uploaded yet
//   saveCustomStyles(slug, s)    saves the saved page again with these custom styles only
//   pageJson(page)               the code view's text
import { atom } from 'nanostores';
import { t } from '../../core/messages';
import type { CustomStyles } from '../../core/styles';
import { ApiError, errorText } from '../../lib/api';
import * as api from '../../lib/api-client';
import { loadHeaderPalette, paletteOfBlob } from '../../lib/palette';
import type { PageAsReceived, PagePayload } from './core';
import { notify } from './notice';
import { fetchPage } from './pages';

// ---------------------------------------------------------------------------------------------
// Palette

export interface PaletteState {
  /** What the colours were taken from ('slug|header' or 'file:name:size'); null before any. */
  key: string | null;
  colours: string[];
  loading: boolean;
}

export const $palette = atom<PaletteState>({ key: null, colours: [], loading: false });

let paletteRun = 0;

async function runPalette(key: string, job: () => Promise<string[]>): Promise<void> {
  const current = $palette.get();
  if (current.key === key) return;
  const run = ++paletteRun;
  $palette.set({ key, colours: current.colours, loading: true });
  let colours: string[] = [];
  try {
    colours = await job();
  } catch {
    colours = []; // the swatches are a convenience: no palette is not an error to show
  }
  if (run === paletteRun) $palette.set({ key, colours, loading: false });
}

/** The saved header's palette, read through the Worker's authenticated image proxy. */
export function ensurePalette(slug: string | null, header: string | null | undefined): Promise<void> {
  if (!slug || !header) {
    paletteRun++;
    $palette.set({ key: null, colours: [], loading: false });
    return Promise.resolve();
  }
  return runPalette(`${slug}|${header}`, () => loadHeaderPalette(slug));
}

/** A header picked in the form but not uploaded yet: read straight from the file. */
export function paletteFromFile(file: Blob & { name?: string }): Promise<void> {
  return runPalette(`file:${file.name ?? ''}:${file.size}:${file.type}`, () => paletteOfBlob(file));
}

// ---------------------------------------------------------------------------------------------
// Saving custom styles

export const $stylesSaving = atom(false);

/** The update payload that leaves a saved page exactly as it is. */
export function payloadOf(page: PageAsReceived): PagePayload {
  return {
    title: page.title,
    display_title: page.display_title ?? page.title,
    mode: page.mode,
    style: page.style,
    custom_styles: page.custom_styles,
    header: page.header ?? '',
    buttons: [...page.buttons]
      .sort((a, b) => a.position - b.position)
      .map((b) => ({
        id: b.id,
        position: b.position,
        type: b.type,
        text: b.text ?? '',
        image_path: b.image_path,
        url: b.url,
        // null (not []): 'no list given' lets the label and link encoded in the text stand
        cta_buttons: b.cta_buttons ?? null,
      })),
  };
}

/**
 * Saves only the custom styles: reads the saved page and writes it back with these styles, so
 * form edits not saved yet (a half-typed button, a pending upload) are neither published nor
 * lost. A text page gets the custom theme, since that is what the organiser is styling.
 * Resolves true on success; every outcome is also a toast.
 */
export async function saveCustomStyles(slug: string | null, styles: CustomStyles): Promise<boolean> {
  if (!slug) {
    notify('error', t('styles.saveFirst'));
    return false;
  }
  if ($stylesSaving.get()) return false;
  $stylesSaving.set(true);
  try {
    const page = await fetchPage(slug);
    const payload = payloadOf(page);
    payload.custom_styles = styles;
    if (page.mode === 'text') payload.style = 'custom';
    await api.updatePage(slug, payload);
    notify('success', t('success.stylesUpdated'));
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notify('error', t('styles.saveFirst'));
    else notify('error', t('error.update', { detail: errorText(err) }));
    return false;
  } finally {
    $stylesSaving.set(false);
  }
}

// ---------------------------------------------------------------------------------------------
// JSON code view

export function pageJson(page: unknown): string {
  return JSON.stringify(page, null, 2);
}
