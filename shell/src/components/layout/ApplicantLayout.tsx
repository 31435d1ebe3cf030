import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NotificationBellSlot } from '../../features/notifications/NotificationBellSlot';
import { OfflineBanner } from '../../features/offline/OfflineBanner';
import { useLogout } from '../../lib/session';
import { isActive, useMenu } from './nav';
import { PortalLogo } from 'shared-auth/ui';

/**
 * USER: the applicant's top navigation around the applicant remote (spec §2.1), with the notification bell.
 * A phone gets a Menu button, a wider screen the links: both are in the page and the screen's width
 * (CSS) shows one, so a page the server rendered for the role is the page the phone adopts.
 */
export function ApplicantLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  const entries = useMenu('top');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const openMenu = (event: MouseEvent<HTMLElement>) => setMenuAnchor(event.currentTarget);
  const closeMenu = () => setMenuAnchor(null);

  return (
    // A column the window's height at least, whose main part takes what is left: on a short
    // page the offline banner still sits at the window's bottom, not right after the content.
    <Box sx={{ minHeight: '100vh', bgcolor: '#f5f6fa', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography component={RouterLink} to="/dashboard" variant="h6" sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flexGrow: 1 }}>
            <PortalLogo size="small" />
          </Typography>
          <NotificationBellSlot color="inherit" />
          <Box sx={{ display: { xs: 'block', md: 'none' } }}>
            <Button color="inherit" onClick={openMenu} aria-haspopup="menu" aria-expanded={menuAnchor ? 'true' : undefined} aria-controls={menuAnchor ? 'applicant-menu' : undefined}>
              Menu
            </Button>
            <Menu id="applicant-menu" anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={closeMenu}>
              {entries.map((entry) => (
                <MenuItem key={entry.label} component={RouterLink} to={entry.path} selected={isActive(pathname, entry.path)} onClick={closeMenu}>
                  {entry.label}
                </MenuItem>
              ))}
              <MenuItem
                onClick={() => {
                  closeMenu();
                  logout();
                }}
              >
                Logout
              </MenuItem>
            </Menu>
          </Box>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
            {entries.map((entry) => {
              const active = isActive(pathname, entry.path);
              return (
                <Button
                  key={entry.label}
                  component={RouterLink}
                  to={entry.path}
                  color="inherit"
                  aria-current={active ? 'page' : undefined}
                  sx={{ borderBottom: active ? '2px solid #fca311' : '2px solid transparent', borderRadius: 0 }}
                >
                  {entry.label}
                </Button>
              );
            })}
            <Button color="inherit" onClick={logout}>
              Logout
            </Button>
          </Box>
        </Toolbar>
      </AppBar>
      <Box component="main" data-testid="applicant-content" sx={{ flex: 1 }}>
        {children}
      </Box>
      <OfflineBanner />
    </Box>
  );
}
