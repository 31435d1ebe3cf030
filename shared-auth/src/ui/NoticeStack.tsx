/**
 * The one view of the notification queue (spec §9): top right, each message
 * closes by itself after 5000 ms unless the pointer or the keyboard focus is on
 * it (WCAG 2.2.1: time to read it), and Alt+T moves the focus to the stack.
 * The shell renders it once; a remote's standalone start renders it too.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
// By package name, as the remotes do: the one queue is the shared singleton's.
import { dismissNotice, useNotices, type Notice } from 'shared-auth';

export const NOTICE_DURATION_MS = 5000;

// An Alert brings its icons and close button (about 4 KB gzipped): loaded with
// the first message, not by every page.
const Alert = lazy(() => import(/* webpackChunkName: "alert" */ '@mui/material/Alert'));

function NoticeItem({ notice }: { notice: Notice }) {
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const remaining = useRef(NOTICE_DURATION_MS);
  const paused = held.pointer || held.focus;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissNotice(notice.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, notice.id]);

  return (
    <Box
      onMouseEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      {/* The message at once, plainly, while the Alert's code loads with the first one; the Alert then
          takes its place (a test finds the message again by its text, not by the element it saw first). */}
      <Suspense fallback={<Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'grey.900', color: 'common.white' }}>{notice.message}</Box>}>
        <Alert severity={notice.severity} variant="filled" onClose={() => dismissNotice(notice.id)}>
          {notice.message}
        </Alert>
      </Suspense>
    </Box>
  );
}

export function NoticeStack() {
  const notices = useNotices();
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && (event.key === 't' || event.key === 'T' || event.code === 'KeyT')) {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Box
      ref={region}
      tabIndex={-1}
      role="region"
      aria-label="Notifications (Alt+T)"
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: 16,
        right: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        width: 'min(360px, calc(100vw - 32px))',
        outline: 'none',
        pointerEvents: notices.length ? 'auto' : 'none',
      }}
    >
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </Box>
  );
}
