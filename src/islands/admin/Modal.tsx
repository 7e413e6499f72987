// A native <dialog> opened with showModal(): the browser traps focus, makes the page behind it
// inert and closes on Escape; focus returns to the opener when it closes.
import { useEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  className?: string;
  /** false while an action runs, so Escape or a backdrop click cannot abandon it halfway */
  dismissable?: boolean;
  children: ReactNode;
}

export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  className = '',
  dismissable = true,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`us-modal ${className}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissable) onClose();
      }}
      onClose={() => {
        const back = opener.current;
        if (back instanceof HTMLElement && back.isConnected) back.focus();
        if (open) onClose();
      }}
      onMouseDown={(e) => {
        // a press on the backdrop lands on the <dialog> itself, outside its inner box
        if (e.target === e.currentTarget && dismissable) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
