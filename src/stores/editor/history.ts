// The 'Cronologia' view (docs/behaviour.md#history): the page's versions, one opened in the
// preview, and 'Ripristina', which saves a version again as a new one and publishes it; the
// editor then holds the restored page. The versions API: src/lib/history-client.ts.
import { atom } from 'nanostores';
import { romeDateTime } from '../../core/fans-export';
import { t } from '../../core/messages';
import { errorText } from '../../lib/api';
import * as api from '../../lib/history-client';
import type { VersionMeta } from '../../core/schemas/versions';
import { confirmDialog } from '../dialog';
import type { PageAsReceived } from './core';
import { applyPage } from './load';
import { notify } from './notice';
import { revalidatePagesList } from './pages';
import { $dirty } from './state';

export type { VersionMeta } from '../../core/schemas/versions';

export interface HistoryState {
  slug: string;
  status: 'loading' | 'ready' | 'error';
  versions: VersionMeta[];
  error: string;
}

/** the versions of the page on show, or null before the view first asks */
export const $history = atom<HistoryState | null>(null);
/** the version opened in the preview */
export const $openedVersion = atom<{ slug: string; version: VersionMeta; page: PageAsReceived } | null>(null);
/** the version being opened or restored (its id), or null */
export const $versionBusy = atom<{ id: number; what: 'open' | 'restore' } | null>(null);

/** 'Salvata', 'Ripristinata', … : what made the version. */
export function kindLabel(kind: VersionMeta['kind']): string {
  return t(`historyView.kind.${kind}`);
}

/** When, as '25/11/2026 10:42' in Europe/Rome. */
export function versionWhen(version: Pick<VersionMeta, 'created_at'>): string {
  return romeDateTime(version.created_at) || version.created_at;
}

/** Who saved it: the name, else the address, else nothing (the page as it was before the history). */
export function versionWho(version: Pick<VersionMeta, 'actor_name' | 'actor_email'>): string {
  return version.actor_name.trim() || version.actor_email.trim();
}

/** The one-line summary, or a plain word when the save changed nothing it could name. */
export function versionSummary(version: Pick<VersionMeta, 'summary'>): string {
  return version.summary.trim() || t('historyView.noSummary');
}

/** Reads the page's versions (the list on show stays until the new one arrives). */
export async function loadHistory(slug: string): Promise<void> {
  const before = $history.get();
  const versions = before?.slug === slug ? before.versions : [];
  $history.set({ slug, status: 'loading', versions, error: '' });
  try {
    const fresh = await api.listVersions(slug);
    if ($history.get()?.slug === slug) $history.set({ slug, status: 'ready', versions: fresh, error: '' });
  } catch (err) {
    if ($history.get()?.slug === slug) $history.set({ slug, status: 'error', versions, error: errorText(err) });
  }
}

/** 'Apri': the version as it was saved, for the preview. */
export async function openVersion(slug: string, version: VersionMeta): Promise<boolean> {
  if ($versionBusy.get()) return false;
  $versionBusy.set({ id: version.id, what: 'open' });
  try {
    const answer = await api.getVersion(slug, version.id);
    $openedVersion.set({ slug, version: answer.version, page: answer.page });
    return true;
  } catch (err) {
    notify('error', t('historyView.openFailed', { detail: errorText(err) }));
    return false;
  } finally {
    $versionBusy.set(null);
  }
}

export function closeVersion(): void {
  $openedVersion.set(null);
}

/**
 * 'Ripristina', after a confirmation that says what happens (and that unsaved changes in the form
 * are lost): the restored page fills the editor, the list shows the new current version.
 */
export async function restoreVersion(slug: string, version: VersionMeta): Promise<boolean> {
  if ($versionBusy.get()) return false;
  const when = versionWhen(version);
  const ok = await confirmDialog({
    title: t('historyView.restore.title', { when }),
    message: t('historyView.restore.message', { when }) + ($dirty.get() ? t('historyView.restore.dirty') : ''),
    confirmLabel: t('historyView.restore'),
  });
  if (!ok) return false;
  $versionBusy.set({ id: version.id, what: 'restore' });
  try {
    const page = await api.restoreVersion(slug, version.id);
    applyPage(page);
    closeVersion();
    notify('success', t('historyView.restored', { when }));
    revalidatePagesList();
    void loadHistory(slug);
    return true;
  } catch (err) {
    notify('error', t('historyView.restoreFailed', { detail: errorText(err) }));
    return false;
  } finally {
    $versionBusy.set(null);
  }
}
