// Toasts as a nanostore queue, so any island (or plain module) can notify before or after the
// Toaster island hydrates: the Toaster drains the queue into react-hot-toast. `flash` survives
// one navigation (sessionStorage), for messages shown on the page a redirect leads to.
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastEvent {
  id: number;
  kind: ToastKind;
  message: string;
}

const FLASH_KEY = 'palco_flash';
let nextId = 1;

/** Pending toasts not yet handed to react-hot-toast. */
export const $toastQueue = atom<ToastEvent[]>([]);

function push(kind: ToastKind, message: string): void {
  $toastQueue.set([...$toastQueue.get(), { id: nextId++, kind, message }]);
}

/** Takes every queued toast out of the queue (the Toaster calls it). */
export function drainToasts(): ToastEvent[] {
  const queued = $toastQueue.get();
  if (queued.length) $toastQueue.set([]);
  return queued;
}

function flash(kind: ToastKind, message: string): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    const list = raw ? (JSON.parse(raw) as { kind: ToastKind; message: string }[]) : [];
    list.push({ kind, message });
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(list));
  } catch {
    push(kind, message);
  }
}

/** Moves toasts flashed by the previous page into the queue (called once per page). */
export function takeFlashed(): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    for (const { kind, message } of JSON.parse(raw) as { kind: ToastKind; message: string }[]) {
      push(kind, message);
    }
  } catch {
    /* storage unavailable or garbled: nothing to show */
  }
}

/**
 * notify.success(msg) / notify.error(msg) / notify.info(msg): show a toast now
 * (success 3 s, error 5 s). notify.flash.success(msg) shows it on the next page instead,
 * for a toast followed by `location.assign(...)`.
 */
export const notify = {
  success: (message: string): void => push('success', message),
  error: (message: string): void => push('error', message),
  info: (message: string): void => push('info', message),
  flash: {
    success: (message: string): void => flash('success', message),
    error: (message: string): void => flash('error', message),
    info: (message: string): void => flash('info', message),
  },
};
