// One modal at a time, requested from anywhere with a promise: `await confirmDialog({...})`.
// The DialogHost (mounted by AppLayout) renders the request; without a host (a page not
// built on AppLayout) the browser's own confirm/prompt answer instead, so callers never hang.
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

export interface PromptOptions extends ConfirmOptions {
  /** Label of the text field (e.g. 'Motivo (facoltativo)'). */
  label: string;
  placeholder?: string;
  defaultValue?: string;
  /** Confirm disabled while the field is empty. */
  required?: boolean;
  /** Textarea instead of a one-line input (reasons). */
  multiline?: boolean;
}

export type DialogRequest =
  | { id: number; kind: 'confirm'; options: ConfirmOptions; resolve: (ok: boolean) => void }
  | { id: number; kind: 'prompt'; options: PromptOptions; resolve: (value: string | null) => void };

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

function closeCurrent(): void {
  const current = $dialog.get();
  if (!current) return;
  if (current.kind === 'confirm') current.resolve(false);
  else current.resolve(null);
  $dialog.set(null);
}

/** Resolves true when confirmed, false when cancelled (Escape, 'Annulla', backdrop). */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  if (hosts === 0) return Promise.resolve(window.confirm(options.message));
  closeCurrent();
  return new Promise((resolve) => {
    $dialog.set({
      id: ++seq,
      kind: 'confirm',
      options,
      resolve: (ok) => {
        $dialog.set(null);
        resolve(ok);
      },
    });
  });
}
