import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useAdoptingServerHtml } from 'shared-api';
import { OfflineBanner } from '../../features/offline/OfflineBanner';
import { useLogout } from '../../lib/session';
import { useMenu } from './nav';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

export const STAFF_DRAWER_ID = 'staff-menu';

/**
 * ADMIN and SUPERUSER: collapsible sidebar, top bar, content (the staff remote).
 * On a phone the sidebar leaves the page to the content: a menu button in the
 * top bar opens it as a drawer over the page, which following an entry, the
 * backdrop or Escape closes.
 */
export function StaffLayout({ children }: { children: ReactNode }) {
  const entries = useMenu('sidebar');
  const { pathname } = useLocation();
  const theme = useTheme();
  // noSsr: the real answer on the first render, so a phone starts without the sidebar.
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // True on the server and while the browser adopts its HTML (decision 013), whose first render must
  // be the server's, which cannot know the window's width: the sidebar and the menu button are both
  // there and CSS shows the one that fits. The next render knows the width and keeps only that one.
  const adopting = useAdoptingServerHtml();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();
  useEffect(() => setDrawerOpen(false), [pathname, small]);
  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);
  function close() {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  }
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: '#f5f6fa' }}>
      {(adopting || !small) && <Sidebar entries={entries} pathname={pathname} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} onLogout={logout} hiddenOnPhone={adopting} />}
      {small && drawerOpen && (
        <>
          <Box data-testid="drawer-backdrop" onClick={close} sx={{ position: 'fixed', inset: 0, bgcolor: 'rgba(0,0,0,0.45)', zIndex: (t) => t.zIndex.drawer }} />
          <Box
            id={STAFF_DRAWER_ID}
            ref={drawerRef}
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
            sx={{ position: 'fixed', top: 0, left: 0, height: '100vh', overflowY: 'auto', zIndex: (t) => t.zIndex.drawer + 1 }}
          >
            <Sidebar entries={entries} pathname={pathname} collapsed={false} drawer onToggle={close} onLogout={logout} />
          </Box>
        </>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar menu={adopting || small ? { open: drawerOpen, onOpen: () => setDrawerOpen(true), controls: STAFF_DRAWER_ID, ref: menuButtonRef, onlyOnPhone: adopting } : undefined} />
        {/* Padding keeps headings and buttons off the sidebar and the window's edges. */}
        <Box component="main" data-testid="staff-content" sx={{ flex: 1, minWidth: 0, p: 2, px: { sm: 3, lg: 4 }, py: { sm: 3 } }}>
          {children}
        </Box>
        <OfflineBanner />
      </Box>
    </Box>
  );
}
