import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SweetDialogOptions } from './SweetDialog';

// MUI's Dialog (modal, focus trap, transitions) weighs about 5 KB: a page that never
// asks anything does not download it; the first question does, and keeps it.
const SweetDialog = lazy(() => import(/* webpackChunkName: "sweet-dialog" */ './SweetDialog').then((m) => ({ default: m.SweetDialog })));

export interface Feedback {
  /** A dialog with an OK button; resolves when it closes. */
  alert: (options: SweetDialogOptions) => Promise<void>;
  /** A dialog with confirm and cancel; resolves true when confirmed. */
  confirm: (options: SweetDialogOptions) => Promise<boolean>;
}

const FeedbackContext = createContext<Feedback | null>(null);

interface PendingDialog {
  options: SweetDialogOptions;
  resolve: (confirmed: boolean) => void;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<PendingDialog | null>(null);
  const [asked, setAsked] = useState(false);

  const open = useCallback(
    (options: SweetDialogOptions) =>
      new Promise<boolean>((resolve) => {
        setAsked(true);
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
    }),
    [open],
  );

  const close = (confirmed: boolean) => {
    dialog?.resolve(confirmed);
    setDialog(null);
  };

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <SweetDialog open={dialog !== null} options={dialog?.options ?? null} onClose={close} />
        </Suspense>
      )}
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
