/** The bell's menu: the latest notifications and 'See all' (its own chunk, loaded on the first opening). */
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { formatDateTime, type NotificationItem } from 'shared-api';
import { BELL_MENU_ID } from './menu-id';

export default function NotificationMenu({
  anchor,
  items,
  failed,
  onClose,
  onFollow,
  onSeeAll,
}: {
  anchor: HTMLElement | null;
  items: NotificationItem[] | null;
  failed: boolean;
  onClose: () => void;
  onFollow: (item: NotificationItem) => void;
  onSeeAll: () => void;
}) {
  return (
    <>
      <Menu id={BELL_MENU_ID} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} slotProps={{ paper: { sx: { width: 340, maxWidth: 'calc(100vw - 32px)' } } }}>
        <Typography component="h2" variant="subtitle1" sx={{ px: 2, py: 1, fontWeight: 700 }}>
          Notifications
        </Typography>
        {failed && (
          <Typography role="alert" sx={{ px: 2, py: 1 }} color="error">
            Could not load your notifications. Please try again later.
          </Typography>
        )}
        {!failed && items === null && <Typography sx={{ px: 2, py: 1 }}>Loading…</Typography>}
        {!failed && items?.length === 0 && <Typography sx={{ px: 2, py: 1 }}>No notifications yet.</Typography>}
        {!failed &&
          items?.map((item) => (
            <MenuItem key={item.id} onClick={() => onFollow(item)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start', display: 'block' }}>
              <Typography component="span" sx={{ display: 'block', fontWeight: item.readAt ? 400 : 700 }}>
                {item.readAt ? (
                  ''
                ) : (
                  <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    Unread:{' '}
                  </Box>
                )}
                {item.title}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {item.body}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary">
                {formatDateTime(item.createdAt)}
              </Typography>
            </MenuItem>
          ))}
        <MenuItem onClick={onSeeAll} sx={{ justifyContent: 'center', fontWeight: 600, borderTop: 1, borderColor: 'divider' }}>
          See all
        </MenuItem>
      </Menu>
    </>
  );
}
