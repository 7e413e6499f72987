// The editor's notification bar: one message at a time; an error stays 5 s, a success or an
// info 3 s, and a new message replaces the one on screen.
import { atom } from 'nanostores';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../core/constants';

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
