/**
 * The notification bell of the top bars (issue 18 item 4): the unread count,
 * the latest few when opened, 'See all' for the page the role's remote
 * declares. Opening one marks it read and goes to its link. The count is
 * asked for on mount, every minute while the page is visible, when the
 * window regains focus and when a page says it changed them; the answer is
 * `{"unreadCount":n}`, a few bytes on a slow, paid connection.
 *
 * Loaded in its own chunk, only once someone is signed in (NotificationBellSlot).
 */
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { formatDateTime, NOTIFICATIONS_CHANGED_EVENT, NOTIFICATIONS_PATH, type NotificationItem } from 'shared-api';
import { NavIcon } from '../../../components/layout/icons';
import { getLatestNotifications } from '../api/getLatestNotifications';
import { getUnreadCount } from '../api/getUnreadCount';
import { markNotificationRead } from '../api/markNotificationRead';

export const UNREAD_POLL_MS = 60_000;
export const BELL_MENU_ID = 'notifications-menu';

/** Material Icons 'notifications' (Apache-2.0). */
const BELL_PATH = 'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z';

/** A link of the portal itself ('/applications/12'); anything else is not followed. */
export const isPortalPath = (link: string | null): link is string => typeof link === 'string' && /^\/(?!\/)[^\s\\]*$/.test(link);

export const bellLabel = (count: number | null) => (count ? `Notifications, ${count} unread` : 'Notifications');

export default function NotificationBell({ color = 'default' }: { color?: 'inherit' | 'default' }) {
  const navigate = useNavigate();
  const [count, setCount] = useState<number | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const [failed, setFailed] = useState(false);

  const refresh = useCallback(() => {
    getUnreadCount().then(
      (answer) => setCount(answer.unreadCount),
      () => undefined, // The bell keeps what it showed; the next poll tries again.
    );
  }, []);

  useEffect(() => {
    refresh();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') refresh();
    }, UNREAD_POLL_MS);
    window.addEventListener('focus', refresh);
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, refresh);
    };
  }, [refresh]);

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setFailed(false);
    getLatestNotifications().then(
      (page) => {
        setItems(page.items);
        setCount(page.unreadCount);
      },
      () => setFailed(true),
    );
  };
  const close = () => setAnchor(null);

  const follow = async (item: NotificationItem) => {
    close();
    if (!item.readAt) {
      try {
        setCount((await markNotificationRead(item.id)).unreadCount);
        setItems((list) => list?.map((n) => (n.id === item.id ? { ...n, readAt: new Date().toISOString() } : n)) ?? null);
      } catch {
        // Reading it matters more than the mark: go on.
      }
    }
    void navigate(isPortalPath(item.link) ? item.link : NOTIFICATIONS_PATH);
  };

  return (
    <>
      <IconButton color={color} onClick={open} aria-label={bellLabel(count)} aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} aria-controls={anchor ? BELL_MENU_ID : undefined}>
        <Badge badgeContent={count ?? 0} color="error" max={99}>
          <NavIcon name="notifications" path={BELL_PATH} />
        </Badge>
      </IconButton>
      <Menu id={BELL_MENU_ID} anchorEl={anchor} open={Boolean(anchor)} onClose={close} slotProps={{ paper: { sx: { width: 340, maxWidth: 'calc(100vw - 32px)' } } }}>
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
            <MenuItem key={item.id} onClick={() => void follow(item)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start', display: 'block' }}>
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
        <MenuItem
          onClick={() => {
            close();
            void navigate(NOTIFICATIONS_PATH);
          }}
          sx={{ justifyContent: 'center', fontWeight: 600, borderTop: 1, borderColor: 'divider' }}
        >
          See all
        </MenuItem>
      </Menu>
    </>
  );
}
