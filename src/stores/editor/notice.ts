// The editor's notification bar: one message at a time; an error stays 5 s, a success or an
// info 3 s, and a new message replaces the one on screen. While the keyboard focus is in the
// message (on its close button) it stays: a message never vanishes from under the focus (WCAG
// 2.2.1), and its time starts again when the focus leaves.
import { atom } from 'nanostores';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../../core/constants';

export type NoticeKind = 'error' | 'success' | 'info';
export interface Notice {
  kind: NoticeKind;
  text: string;
  id: number;
}

/** the message on the bar, or null */
export const $notice = atom<Notice | null>(null);

let noticeTimer: ReturnType<typeof setTimeout> | undefined;
let noticeSeq = 0;

function expireLater(kind: NoticeKind): void {
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => $notice.set(null), kind === 'error' ? TOAST_ERROR_MS : TOAST_SUCCESS_MS);
}

export function notify(kind: NoticeKind, text: string): void {
  noticeSeq += 1;
  $notice.set({ kind, text, id: noticeSeq });
  expireLater(kind);
}

/** The focus went into the message: it stays until the focus leaves. */
export function holdNotice(): void {
  clearTimeout(noticeTimer);
}

/** The focus left the message: it goes after its full time from now. */
export function releaseNotice(): void {
  const notice = $notice.get();
  if (notice) expireLater(notice.kind);
}

export function dismissNotice(): void {
  clearTimeout(noticeTimer);
  $notice.set(null);
}
