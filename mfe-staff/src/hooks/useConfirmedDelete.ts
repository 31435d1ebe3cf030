import { errorText } from 'shared-api';
import { DELETE_CONFIRMATION, useFeedback } from 'shared-auth/dialogs';

/**
 * Delete a row the way every staff list does (spec §9): the one confirmation,
 * the request, then 'Deleted!' or the server's reason. `removed` updates the
 * list on screen after a success; `settled` runs either way (a list that
 * asks the server again).
 */
export function useConfirmedDelete<T>(options: {
  remove: (row: T) => Promise<unknown>;
  success: string;
  failure: string;
  removed?: (row: T) => void;
  settled?: () => void;
}): (row: T) => Promise<void> {
  const { confirm, alert } = useFeedback();
  return async (row: T) => {
    if (!(await confirm(DELETE_CONFIRMATION))) return;
    try {
      await options.remove(row);
      options.removed?.(row);
      await alert({ title: 'Deleted!', text: options.success, icon: 'success' });
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, options.failure), icon: 'error' });
    } finally {
      options.settled?.();
    }
  };
}
