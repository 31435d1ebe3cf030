/**
 * The portal's one notification queue (spec §9). It lives in the shared session
 * package, a Module Federation singleton, so a message raised by any remote lands
 * in the one stack the shell shows, and stays on screen when the page changes
 * (a remote's own stack would vanish with its page, as the reset-password
 * toast did on its way to /login).
 */
import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';

export type NoticeSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  id: number;
  message: string;
  severity: NoticeSeverity;
}

const noticeStore = createStore<{ notices: Notice[] }>(() => ({ notices: [] }));
let nextId = 1;

/** Shows a message in the portal's notification stack (top right, 5 s, Alt+T). */
export function notify(message: string, severity: NoticeSeverity = 'info'): void {
  const notice = { id: nextId++, message, severity };
  noticeStore.setState((state) => ({ notices: [...state.notices, notice] }));
}

export function dismissNotice(id: number): void {
  noticeStore.setState((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }));
}

/** Tests: an empty stack. */
export function clearNotices(): void {
  noticeStore.setState({ notices: [] });
}

export function useNotices(): Notice[] {
  const snapshot = () => noticeStore.getState().notices;
  return useSyncExternalStore(noticeStore.subscribe, snapshot, snapshot);
}
