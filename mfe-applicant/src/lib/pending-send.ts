/**
 * Submit pressed offline says the application 'will be sent as soon as you
 * are back online' (issue 19). That must hold when the tab is closed or the
 * phone's browser is killed while waiting, which on a cheap phone is the
 * usual case: the request to send is kept in the wizard's file store (which
 * survives both, and the login form clearing local storage). The wizard
 * opened again for that applicant and university sends it, or waits for the
 * network again; the Continue Application card says it is waiting. It ends
 * with the draft (a sent application or Start Over clears the file store) or
 * with an answer that is not a wait.
 */
import { getFileStore } from './file-store';

const PENDING_RECORD = 'submit-pending';

interface PendingSend {
  userId: number;
  universityId: number;
}

/** Whether this applicant's application to this university waits to be sent. */
export async function isSendPending(userId: number, universityId: number): Promise<boolean> {
  const records = await getFileStore()
    .getRecords(PENDING_RECORD)
    .catch(() => []);
  return records.some(([key, record]) => {
    const pending = record as Partial<PendingSend> | undefined;
    return key === PENDING_RECORD && pending?.userId === userId && pending.universityId === universityId;
  });
}

export function keepPendingSend(userId: number, universityId: number): void {
  getFileStore()
    .putRecord(PENDING_RECORD, { userId, universityId } satisfies PendingSend)
    .catch(() => undefined);
}

export function forgetPendingSend(): void {
  getFileStore()
    .remove(PENDING_RECORD)
    .catch(() => undefined);
}
