import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TIMINGS } from 'shared-api';
import { SweetDialog, type SweetDialogOptions } from './SweetDialog';

export interface Feedback {
  /** A dialog with an OK button; resolves when it closes. */
  alert: (options: SweetDialogOptions) => Promise<void>;
  /** A dialog with confirm and cancel; resolves true when confirmed. */
  confirm: (options: SweetDialogOptions) => Promise<boolean>;
  /** A toast at the top right for 5 seconds (spec §9); Alt+T focuses it. */
  toast: (message: string, severity?: AlertColor) => void;
}

const FeedbackContext = createContext<Feedback | null>(null);

interface PendingDialog {
  options: SweetDialogOptions;
  resolve: (confirmed: boolean) => void;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<PendingDialog | null>(null);
  const [toastState, setToastState] = useState<{ key: number; message: string; severity: AlertColor } | null>(null);
  const toastRef = useRef<HTMLDivElement>(null);

  const open = useCallback(
    (options: SweetDialogOptions) =>
      new Promise<boolean>((resolve) => {
        setDialog({ options, resolve });
      }),
    [],
  );

  const value = useMemo<Feedback>(
    () => ({
      alert: async (options) => {
        await open(options);
      },
      confirm: (options) => open({ confirmText: 'Yes', cancelText: 'Cancel', ...options }),
      toast: (message, severity = 'success') => setToastState({ key: Date.now(), message, severity }),
    }),
    [open],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && (event.key === 't' || event.key === 'T')) toastRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = (confirmed: boolean) => {
    dialog?.resolve(confirmed);
    setDialog(null);
  };

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <SweetDialog open={dialog !== null} options={dialog?.options ?? null} onClose={close} />
      <Snackbar
        key={toastState?.key}
        open={toastState !== null}
        autoHideDuration={TIMINGS.toastMs}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setToastState(null);
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Alert ref={toastRef} tabIndex={-1} severity={toastState?.severity ?? 'success'} variant="filled" onClose={() => setToastState(null)}>
          {toastState?.message}
        </Alert>
      </Snackbar>
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback must be used inside FeedbackProvider');
  return value;
}

/** The confirmation every delete asks first (spec §4). */
export const DELETE_CONFIRMATION: SweetDialogOptions = {
  title: 'Are you sure?',
  text: "You won't be able to revert this!",
  icon: 'warning',
  confirmText: 'Yes, delete it!',
  cancelText: 'Cancel',
};
