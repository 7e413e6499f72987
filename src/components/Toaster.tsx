// The one toast outlet of a page (mounted by AppLayout). react-hot-toast's own limits match
// SPEC 9: at most 20 toasts kept, 350 px wide; durations follow SPEC 9 (success 3 s, error 5 s).
import { useEffect } from 'react';
import toast, { Toaster as HotToaster } from 'react-hot-toast';
import { Info } from 'lucide-react';
import { TOAST_ERROR_MS, TOAST_MAX_WIDTH_PX, TOAST_SUCCESS_MS } from '../core/constants';
import { $toastQueue, drainToasts, takeFlashed, type ToastEvent } from '../stores/toasts';

function show(event: ToastEvent): void {
  if (event.kind === 'success') toast.success(event.message);
  else if (event.kind === 'error') toast.error(event.message);
  else toast(event.message, { icon: <Info size={20} color="var(--info)" aria-hidden="true" /> });
}

export default function Toaster() {
  useEffect(() => {
    takeFlashed();
    drainToasts().forEach(show);
    return $toastQueue.listen(() => drainToasts().forEach(show));
  }, []);
  return (
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
  );
}
