/** The wizard's side of an application sent offline (lib/pending-send.ts). */
import { useCallback } from 'react';
import { useServerData } from 'shared-api/data';
import { forgetPendingSend, isSendPending, keepPendingSend } from '../../../lib/pending-send';

export function usePendingSend(userId: number, universityId: number) {
  /** null until the file store has answered. */
  const pendingAtOpen = useServerData(() => isSendPending(userId, universityId), [userId, universityId]).data ?? null;
  const keep = useCallback(() => keepPendingSend(userId, universityId), [userId, universityId]);
  return { pendingAtOpen, keep, forget: forgetPendingSend };
}
