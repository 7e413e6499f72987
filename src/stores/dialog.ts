// One confirmation at a time, requested from anywhere with a promise: `await confirmDialog({...})`.
// The DialogHost (mounted by AppLayout) renders the request; without a host (a page not built on
// AppLayout) the browser's own confirm answers instead, so callers never hang.
import { atom } from 'nanostores';

export interface ConfirmOptions {
  /** Heading; defaults to 'Conferma'. */
  title?: string;
  /** The question, e.g. 'Sei sicuro di voler uscire?'. */
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
}

interface DialogRequest {
  id: number;
  options: ConfirmOptions;
  resolve: (ok: boolean) => void;
}

let seq = 0;

export const $dialog = atom<DialogRequest | null>(null);

let hosts = 0;
/** Called by DialogHost on mount; returns the unregister function. */
export function registerDialogHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
  };
}

/** Resolves true when confirmed, false when cancelled (Escape, 'Annulla', backdrop). */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  if (hosts === 0) return Promise.resolve(window.confirm(options.message));
  // a new request answers the one still open as cancelled
  $dialog.get()?.resolve(false);
  return new Promise((resolve) => {
    $dialog.set({
      id: ++seq,
      options,
      resolve: (ok) => {
        $dialog.set(null);
        resolve(ok);
      },
    });
  });
}
