/**
 * A module of its own (`shared-api/complete-view`), apart from useServerData:
 * a page that does not wait this way downloads none of it.
 */
import { useEffect, useState } from 'react';
import type { ServerData } from './use-server-data';

/**
 * When a view put together from several answers may show: once every answer
 * is in (or has failed), or after a short wait at most. A view that grows as
 * its answers arrive moves its buttons under a finger about to tap them: the
 * tap lands on what moved in, or between the two, and nothing happens. A
 * stalled network must still not hide the view for long: ky may wait 30 s
 * per attempt.
 */
export const COMPLETE_VIEW_WAIT_MS = 1_500;

/** True once the call for the current inputs has answered or failed (a null `load` never does). */
export function isAnswered(read: Pick<ServerData<unknown>, 'data' | 'error'>): boolean {
  return read.data !== undefined || read.error !== null;
}

/**
 * `ready`: the view has what it cannot show without (a draft card, its
 * draft); the wait starts then. `complete`: every answer that changes its
 * size is in (see isAnswered). Answers that only fill a placeholder below
 * everything tappable need not be waited for.
 */
export function useShowWhenComplete(ready: boolean, complete: boolean, atMostMs: number = COMPLETE_VIEW_WAIT_MS): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!ready || complete || waited) return;
    const timer = setTimeout(() => setWaited(true), atMostMs);
    return () => clearTimeout(timer);
  }, [ready, complete, waited, atMostMs]);
  return ready && (complete || waited);
}

/** Calls `onSettled` once `settled` is true: how a self-loading part tells the view that waits for it. */
export function useReportSettled(settled: boolean, onSettled: (() => void) | undefined): void {
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
}
