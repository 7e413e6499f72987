// The sidebar's 'Cestino' (docs/behaviour.md#trash): the pages deleted in the last 30 days, with
// 'Ripristina' and 'Elimina definitivamente' for a Titolare. The trash API: src/lib/history-client.ts.
import { atom } from 'nanostores';
import { romeDateTime } from '../../core/fans-export';
import { t } from '../../core/messages';
import { errorText } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import * as api from '../../lib/history-client';
import type { TrashItem } from '../../core/schemas/trash';
import { notify } from './notice';
import { revalidatePagesList } from './pages';

export type { TrashItem } from '../../core/schemas/trash';

export interface TrashState {
  status: 'loading' | 'ready' | 'error';
  pages: TrashItem[];
  error: string;
}

export const $trash = atom<TrashState | null>(null);
/** the slug of the page being restored or deleted for ever, or null */
export const $trashBusy = atom<string | null>(null);

/** 'Ancora 12 giorni', 'Ancora 1 giorno', 'Ultimo giorno'. */
export function daysLeftText(days: number): string {
  if (days <= 0) return t('trashList.lastDay');
  if (days === 1) return t('trashList.oneDay');
  return t('trashList.daysLeft', { days });
}

/** 'Eliminata da Giulia il 25/11/2026 10:42' (without a name when the account is gone). */
export function deletedText(item: Pick<TrashItem, 'deleted_by_name' | 'deleted_at'>): string {
  const when = romeDateTime(item.deleted_at) || item.deleted_at;
  const name = item.deleted_by_name.trim();
  return name ? t('trashList.deletedBy', { name, when }) : t('trashList.deletedAt', { when });
}

/** '3 fan · 1.204 visite': what the page still holds. */
export function holdsText(item: Pick<TrashItem, 'fans' | 'views'>): string {
  return t('trashList.holds', { fans: formatNumber(item.fans), views: formatNumber(item.views) });
}

export async function loadTrash(): Promise<void> {
  const pages = $trash.get()?.pages ?? [];
  $trash.set({ status: 'loading', pages, error: '' });
  try {
    $trash.set({ status: 'ready', pages: await api.listTrash(), error: '' });
  } catch (err) {
    $trash.set({ status: 'error', pages, error: errorText(err) });
  }
}

function drop(slug: string): void {
  const now = $trash.get();
  if (now) $trash.set({ ...now, pages: now.pages.filter((p) => p.folder_name !== slug) });
}

/** 'Ripristina': the page back among the pages, exactly as it was. */
export async function restoreFromTrash(item: TrashItem): Promise<boolean> {
  if ($trashBusy.get()) return false;
  $trashBusy.set(item.folder_name);
  try {
    await api.restoreFromTrash(item.folder_name);
    drop(item.folder_name);
    notify('success', t('trashList.restored', { title: item.title }));
    revalidatePagesList();
    return true;
  } catch (err) {
    notify('error', t('trashList.restoreFailed', { detail: errorText(err) }));
    void loadTrash();
    return false;
  } finally {
    $trashBusy.set(null);
  }
}

/** 'Elimina definitivamente' (the dialog has already had the slug typed). */
export async function purgeFromTrash(item: TrashItem): Promise<boolean> {
  if ($trashBusy.get()) return false;
  $trashBusy.set(item.folder_name);
  try {
    await api.purgeFromTrash(item.folder_name);
    drop(item.folder_name);
    notify('success', t('trashList.purged', { title: item.title }));
    return true;
  } catch (err) {
    notify('error', t('trashList.purgeFailed', { detail: errorText(err) }));
    void loadTrash();
    return false;
  } finally {
    $trashBusy.set(null);
  }
}

/** 'Elimina definitivamente' goes ahead only once the page's slug is typed (a leading '/' may stay). */
export function purgeConfirmationMatches(slug: string, typed: string): boolean {
  const value = typed.trim().replace(/^\//, '').toLowerCase();
  return value.length > 0 && value === slug.toLowerCase();
}
