/**
 * The shell's own small toasts (spec §9): top-right, closed after 5000 ms,
 * Alt+T moves the keyboard focus to them.
 */
import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Alert } from '../alerts';

export const TOAST_DURATION_MS = 5000;

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

type Notify = (message: string, severity?: ToastSeverity) => void;

const ToastContext = createContext<Notify>(() => undefined);

export function useToast(): Notify {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const region = useRef<HTMLDivElement>(null);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const notify = useCallback<Notify>(
    (message, severity = 'info') => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, severity }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && (event.key === 't' || event.key === 'T')) {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    const pending = timers.current;
    return () => {
      window.removeEventListener('keydown', onKey);
      pending.forEach(clearTimeout);
    };
  }, []);

  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Box
        ref={region}
        tabIndex={-1}
        role="region"
        aria-label="Notifications (Alt+T)"
        aria-live="polite"
        sx={{ position: 'fixed', top: 16, right: 16, zIndex: (t) => t.zIndex.snackbar, display: 'flex', flexDirection: 'column', gap: 1, maxWidth: 'calc(100vw - 32px)', width: 360, pointerEvents: toasts.length ? 'auto' : 'none' }}
      >
        {toasts.map((t) => (
          // The message at once, plainly, while the Alert's code loads with the first toast.
          <Suspense key={t.id} fallback={<Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'grey.900', color: 'common.white' }}>{t.message}</Box>}>
            <Alert severity={t.severity} variant="filled" onClose={() => dismiss(t.id)}>
              {t.message}
            </Alert>
          </Suspense>
        ))}
      </Box>
    </ToastContext.Provider>
  );
}
