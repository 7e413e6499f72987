// The one toast outlet of a page (mounted by AppLayout). At most 20 toasts are kept, each 350 px
// wide; a success stays 3 s, an error 5 s.
// The toasts live in a `popover="manual"` layer: an open modal <dialog> sits in the top layer,
// above any z-index, so toasts would draw under its backdrop. The layer is re-shown (so it is
// the last, topmost entry of the top layer) whenever a toast appears or a dialog opens.
import { useEffect, useRef } from 'react';
import toast, { Toaster as HotToaster } from 'react-hot-toast';
import { Info } from 'lucide-react';
import { TOAST_ERROR_MS, TOAST_MAX_WIDTH_PX, TOAST_SUCCESS_MS } from '../core/constants';
import { $toastQueue, drainToasts, takeFlashed, type ToastEvent } from '../stores/toasts';

function show(event: ToastEvent): void {
  if (event.kind === 'success') toast.success(event.message);
  else if (event.kind === 'error') toast.error(event.message);
  else toast(event.message, { icon: <Info size={20} color="var(--info)" aria-hidden="true" /> });
}

/** Puts the layer on top of the top layer (again): hide + show moves it last. */
export function raiseLayer(layer: HTMLElement | null): void {
  if (!layer || typeof layer.showPopover !== 'function') return;
  if (layer.matches(':popover-open')) layer.hidePopover();
  layer.showPopover();
}

export default function Toaster() {
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const showAll = (events: ToastEvent[]) => {
      if (!events.length) return;
      raiseLayer(layer.current);
      events.forEach(show);
    };
    raiseLayer(layer.current);
    takeFlashed();
    showAll(drainToasts());
    const stopQueue = $toastQueue.listen(() => showAll(drainToasts()));
    // a dialog opened while toasts are up would cover them: rise above it too
    const dialogs = new MutationObserver((changes) => {
      if (changes.some((c) => c.target instanceof HTMLDialogElement && c.target.open)) raiseLayer(layer.current);
    });
    dialogs.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      stopQueue();
      dialogs.disconnect();
    };
  }, []);
  return (
    <div ref={layer} popover="manual" className="toaster-layer">
      <HotToaster
        position="top-center"
        containerStyle={{ top: 'calc(var(--nav-height) + 8px)' }}
        toastOptions={{
          className: 'toast',
          style: {
            maxWidth: TOAST_MAX_WIDTH_PX,
            fontFamily: 'var(--font)',
            fontSize: 'var(--fs-sm)',
            color: 'var(--text)',
            borderRadius: 'var(--radius)',
            boxShadow: 'var(--shadow-lg)',
            padding: '10px 14px',
          },
          success: {
            duration: TOAST_SUCCESS_MS,
            iconTheme: { primary: 'var(--success)', secondary: '#fff' },
          },
          error: {
            duration: TOAST_ERROR_MS,
            iconTheme: { primary: 'var(--danger)', secondary: '#fff' },
          },
          blank: { duration: TOAST_SUCCESS_MS },
        }}
      />
    </div>
  );
}
