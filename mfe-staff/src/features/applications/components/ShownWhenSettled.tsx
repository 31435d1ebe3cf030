/**
 * The sections of the staff application detail that load their own answers
 * (the offer, the receipt, the files, the notes) appear together. Arriving one
 * by one, each pushed Copy email, Verify and Reject, and Add note down just as
 * staff tapped them, and the tap landed on what moved in.
 */
import Box from '@mui/material/Box';
import { useMemo, useState, type ReactNode } from 'react';
import { useShowWhenComplete } from 'shared-api/complete-view';
export { useReportSettled } from 'shared-api/complete-view';
import { Loading } from '../../../components/Loading';

export type SelfLoadingSection = 'offer' | 'receipt' | 'files' | 'notes';

/**
 * Its children mount at once (so they load) but stay hidden behind a Loading
 * placeholder until every section in `sections` has reported settled, or
 * COMPLETE_VIEW_WAIT_MS at most so a stalled network never hides them. It waits
 * once: the page shows Loading between applications, so each one mounts it
 * anew, while a reload after a decision leaves the sections on screen.
 */
export function ShownWhenSettled({ sections, children }: { sections: readonly SelfLoadingSection[]; children: (onSettled: Record<SelfLoadingSection, () => void>) => ReactNode }) {
  // The sections there when the page opened: one that appears later (a receipt once paid) is not waited for.
  const [awaited] = useState(sections);
  const [settled, setSettled] = useState<ReadonlySet<SelfLoadingSection>>(() => new Set());
  const onSettled = useMemo(() => {
    const settle = (section: SelfLoadingSection) => () => setSettled((current) => (current.has(section) ? current : new Set(current).add(section)));
    return { offer: settle('offer'), receipt: settle('receipt'), files: settle('files'), notes: settle('notes') };
  }, []);
  const allSettled = awaited.every((section) => settled.has(section));
  const shown = useShowWhenComplete(true, allSettled);
  return (
    <>
      {!shown && <Loading text="Loading application..." />}
      <Box hidden={!shown}>{children(onSettled)}</Box>
    </>
  );
}
