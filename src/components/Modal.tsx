// The one modal dialog of the site: a native <dialog> opened with showModal(), so the browser
// traps focus, makes the page behind it inert and raises Escape as a 'cancel'. The element marked
// `data-autofocus` takes the focus when it opens (else the browser picks the first control), and
// the focus goes back to the control that opened it when it closes or is removed.
import { useEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  /** Escape, a press on the backdrop, or the browser closing the dialog by itself */
  onClose: () => void;
  /** id of the visible title that names the dialog */
  labelledBy: string;
  describedBy?: string;
  className: string;
  /** false while an action runs, so Escape or a backdrop press cannot abandon it halfway */
  dismissable?: boolean;
  children: ReactNode;
}

export function Modal({ open, onClose, labelledBy, describedBy, className, dismissable = true, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener.current);
    }
  }, [open]);

  // a dialog removed while open (a popup that is simply unmounted) closes and hands focus back too
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (!dialog?.open) return;
      dialog.close();
      returnFocus(opener.current);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissable) onClose();
      }}
      onClose={() => {
        // only the browser closes it behind our back (a repeated Escape): follow it
        if (open) {
          returnFocus(opener.current);
          onClose();
        }
      }}
      onMouseDown={(e) => {
        // a press on the backdrop lands on the <dialog> itself, outside its inner box
        if (e.target === e.currentTarget && dismissable) onClose();
      }}
    >
      {children}
    </dialog>
  );
}

function returnFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
}
