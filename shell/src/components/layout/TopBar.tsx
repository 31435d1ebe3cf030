import type { Ref } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { displayName, useAuth } from 'shared-auth';
import { NotificationBellSlot } from '../../features/notifications/NotificationBellSlot';
import { NavIcon } from './icons';
import { UniversitySelector } from './UniversitySelector';

interface MenuButton {
  open: boolean;
  onOpen: () => void;
  /** The id of the drawer the button opens. */
  controls: string;
  ref: Ref<HTMLButtonElement>;
  /** Shown by CSS on a phone only (while a page the server rendered is adopted; see StaffLayout). */
  onlyOnPhone?: boolean;
}

/**
 * The staff top bar: the user's name (else e-mail, else subject, else 'User');
 * SUPERUSER also picks a university; the notification bell; on a phone, the
 * button that opens the menu.
 */
export function TopBar({ menu }: { menu?: MenuButton }) {
  const user = useAuth((s) => s.user);
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: { xs: 2, sm: 3, lg: 4 },
        py: 1.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'wrap',
      }}
    >
      {menu && (
        <IconButton
          ref={menu.ref}
          onClick={menu.onOpen}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menu.open}
          aria-controls={menu.open ? menu.controls : undefined}
          edge="start"
          sx={menu.onlyOnPhone ? { display: { xs: 'inline-flex', sm: 'none' } } : undefined}
        >
          <NavIcon name="menu" />
        </IconButton>
      )}
      {user?.role === 'SUPERUSER' ? <UniversitySelector /> : <span />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <NotificationBellSlot />
        <Typography data-testid="top-bar-name" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {displayName(user)}
        </Typography>
      </Box>
    </Box>
  );
}
