/**
 * The remote's toasts (spec §9): top-right, auto-close after 5000 ms, and
 * Alt+T moves the focus to them.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { TIMINGS } from 'shared-api';

interface Toast {
  id: number;
  message: string;
  severity: AlertColor;
}

type Notify = (message: string, severity?: AlertColor) => void;
const ToastContext = createContext<Notify>(() => undefined);

export function useToast(): Notify {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const region = useRef<HTMLDivElement>(null);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const notify = useCallback<Notify>(
    (message, severity = 'info') => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, severity }]);
      setTimeout(() => dismiss(id), TIMINGS.toastMs);
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
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Stack
        ref={region}
        tabIndex={-1}
        role="region"
        aria-label="Notifications (Alt+T)"
        spacing={1}
        sx={{ position: 'fixed', top: 16, right: 16, zIndex: 2000, width: 'min(360px, calc(100vw - 32px))', outline: 'none' }}
      >
        {toasts.map((toast) => (
          <Alert key={toast.id} severity={toast.severity} variant="filled" onClose={() => dismiss(toast.id)} role="status">
            {toast.message}
          </Alert>
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}
