import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useAuth } from 'shared-auth';
import { useLogout } from '../../lib/session';
import { Sidebar, SIDEBAR_COLLAPSED_WIDTH } from './Sidebar';
import { TopBar } from './TopBar';

/** ADMIN and SUPERUSER: collapsible sidebar, top bar, content (the staff remote). */
export function StaffLayout({ children }: { children: ReactNode }) {
  const role = useAuth((s) => s.user?.role);
  const { pathname } = useLocation();
  const theme = useTheme();
  // noSsr: the real answer on the first render, so a phone starts collapsed.
  const small = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [collapsed, setCollapsed] = useState(small);
  const logout = useLogout();
  useEffect(() => {
    // On a phone, following an entry closes the sidebar that covers the page.
    if (small) setCollapsed(true);
  }, [pathname, small]);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: '#f5f6fa' }}>
      {small ? (
        // On a phone the expanded sidebar slides over the content instead of pushing it off-screen.
        <Box sx={{ width: SIDEBAR_COLLAPSED_WIDTH, flexShrink: 0, position: 'relative' }}>
          <Box sx={{ position: 'fixed', top: 0, left: 0, zIndex: (t) => t.zIndex.drawer, height: '100vh' }}>
            <Sidebar role={role} pathname={pathname} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} onLogout={logout} />
          </Box>
        </Box>
      ) : (
        <Sidebar role={role} pathname={pathname} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} onLogout={logout} />
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar />
        <Box component="main" data-testid="staff-content" sx={{ flex: 1, minWidth: 0 }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
