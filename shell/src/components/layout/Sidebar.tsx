import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { SIDEBAR_BACKGROUND } from '../../theme';
import { NavIcon } from './icons';
import { isActive, type MenuEntry } from './nav';
import { PortalLogo } from 'shared-auth/ui';

export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const SIDEBAR_TRANSITION_MS = 300;

interface SidebarProps {
  /** The role's entries, from the remotes' page manifests. */
  entries: readonly MenuEntry[];
  pathname: string;
  collapsed: boolean;
  onToggle: () => void;
  onLogout: () => void;
  /** On a phone the sidebar is a drawer over the page: the toggle closes it. */
  drawer?: boolean;
  /** Hidden by CSS on a phone: while a page the server rendered is adopted, the window's width is not yet the render's to know. */
  hiddenOnPhone?: boolean;
}

const itemSx = (active: boolean, collapsed: boolean) =>
  ({
    display: 'flex',
    alignItems: 'center',
    gap: 1.5,
    width: '100%',
    justifyContent: collapsed ? 'center' : 'flex-start',
    px: collapsed ? 0 : 2,
    py: 1.25,
    borderRadius: 1,
    color: '#fff',
    textDecoration: 'none',
    fontSize: 15,
    bgcolor: active ? 'rgba(252, 163, 17, 0.22)' : 'transparent',
    borderLeft: active ? '4px solid #fca311' : '4px solid transparent',
    '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
    '&:focus-visible': { outline: '2px solid #fca311', outlineOffset: 2 },
  }) as const;

/** The staff sidebar (spec §2.1, §9): #14213d, 250px / 80px, 300 ms. */
export function Sidebar({ entries, pathname, collapsed, onToggle, onLogout, drawer = false, hiddenOnPhone = false }: SidebarProps) {
  return (
    <Box
      component="aside"
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      sx={{
        width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        minWidth: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        transition: `width ${SIDEBAR_TRANSITION_MS}ms ease, min-width ${SIDEBAR_TRANSITION_MS}ms ease`,
        bgcolor: SIDEBAR_BACKGROUND,
        color: '#fff',
        minHeight: '100vh',
        position: 'sticky',
        top: 0,
        alignSelf: 'flex-start',
        display: hiddenOnPhone ? { xs: 'none', sm: 'flex' } : 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: collapsed ? 'center' : 'space-between', p: 2, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontSize: collapsed ? 14 : 20 }}>
          <PortalLogo size="small" markOnly={collapsed} />
          {collapsed && (
            <Box component="span" sx={visuallyHidden}>
              UniPortal
            </Box>
          )}
        </Typography>
        {drawer ? (
          <IconButton onClick={onToggle} aria-label="Close menu" sx={{ color: '#fff', '&:focus-visible': { outline: '2px solid #fca311' } }} size="small" data-autofocus>
            <NavIcon name="close" size={20} />
          </IconButton>
        ) : (
          <IconButton
            onClick={onToggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            sx={{ color: '#fff', '&:focus-visible': { outline: '2px solid #fca311' } }}
            size="small"
          >
            <Box component="span" aria-hidden sx={{ fontSize: 20, lineHeight: 1 }}>
              {collapsed ? '»' : '«'}
            </Box>
          </IconButton>
        )}
      </Box>
      <Box component="nav" aria-label="Main" sx={{ flex: 1, px: 1 }}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {entries.map((entry) => {
            const active = isActive(pathname, entry.path);
            return (
              <li key={entry.path}>
                <Box
                  component={RouterLink}
                  to={entry.path}
                  aria-current={active ? 'page' : undefined}
                  aria-label={collapsed ? entry.label : undefined}
                  title={collapsed ? entry.label : undefined}
                  sx={itemSx(active, collapsed)}
                >
                  <NavIcon name={entry.icon} path={entry.iconPath} />
                  {!collapsed && <span>{entry.label}</span>}
                </Box>
              </li>
            );
          })}
          <li>
            <ButtonBase onClick={onLogout} aria-label={collapsed ? 'Logout' : undefined} sx={itemSx(false, collapsed)}>
              <NavIcon name="logout" />
              {!collapsed && <span>Logout</span>}
            </ButtonBase>
          </li>
        </Box>
      </Box>
      <Box component="footer" sx={{ p: 2, fontSize: 12, opacity: 0.75, textAlign: 'center', whiteSpace: 'nowrap' }}>
        © {new Date().getFullYear()}
        {!collapsed && ' UniPortal'}
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
