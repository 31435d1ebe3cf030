import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AlertColor } from '@mui/material/Alert';

/* The toast's MUI parts (Snackbar, Alert, transitions) load with the first toast, not with every page. */
const ToastView = lazy(() => import(/* webpackChunkName: "toast" */ './ToastView'));

export interface ToastOptions {
  severity?: AlertColor;
}

interface Toast {
  id: number;
  message: string;
  severity: AlertColor;
}

type ShowToast = (message: string, options?: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The remote's own toaster (spec §9): top-right, closes by itself after
 * 5000 ms, and Alt+T moves the keyboard focus to the toast on screen.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const nextId = useRef(1);

  const show = useCallback<ShowToast>((message, options) => {
    setToast({ id: nextId.current++, message, severity: options?.severity ?? 'info' });
    setOpen(true);
  }, []);

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!event.altKey || (event.key.toLowerCase() !== 't' && event.code !== 'KeyT')) return;
      if (alertRef.current) {
        event.preventDefault();
        alertRef.current.focus();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section aria-label="Notifications (Alt+T)">
        {toast && (
          <Suspense fallback={null}>
            <ToastView id={toast.id} message={toast.message} severity={toast.severity} open={open} onClose={close} alertRef={alertRef} />
          </Suspense>
        )}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
