/**
 * The notification bell of the top bars (issue 18 item 4): the unread count,
 * the latest few when opened, 'See all' for the page the role's remote
 * declares. Opening one marks it read and goes to its link. The count is
 * asked for on mount, every minute while the page is visible, when the
 * window regains focus and when a page says it changed them; the answer is
 * `{"unreadCount":n}`, a few bytes on a slow, paid connection.
 *
 * Loaded in its own chunk, only once someone is signed in (NotificationBellSlot);
 * the menu in another, on the first opening.
 */
import { lazy, Suspense, useCallback, useEffect, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { NOTIFICATIONS_CHANGED_EVENT, NOTIFICATIONS_PATH, type NotificationItem } from 'shared-api';
import { getLatestNotifications } from '../api/getLatestNotifications';
import { getUnreadCount } from '../api/getUnreadCount';
import { markNotificationRead } from '../api/markNotificationRead';
import { BELL_MENU_ID } from './menu-id';

export const UNREAD_POLL_MS = 60_000;
export { BELL_MENU_ID };

const NotificationMenu = lazy(() => import(/* webpackChunkName: "notification-menu" */ './NotificationMenu'));

/** Material Icons 'notifications' (Apache-2.0). */
const BELL_PATH = 'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z';

/** A link of the portal itself ('/applications/12'); anything else is not followed. */
export const isPortalPath = (link: string | null): link is string => typeof link === 'string' && /^\/(?!\/)[^\s\\]*$/.test(link);

export const bellLabel = (count: number | null) => (count ? `Notifications, ${count} unread` : 'Notifications');

export default function NotificationBell({ color = 'default' }: { color?: 'inherit' | 'default' }) {
  const navigate = useNavigate();
  const [count, setCount] = useState<number | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's code (MUI's Menu, Popover and Modal) comes with the first opening.
  const [menuWanted, setMenuWanted] = useState(false);
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
    setMenuWanted(true);
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
  const seeAll = () => {
    close();
    void navigate(NOTIFICATIONS_PATH);
  };

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
      {/* A round Button, not IconButton: the applicant's top navigation already has Button's code, and
          IconButton would bring 1-2 KB more to every applicant page. */}
      <Button
        color={color === 'inherit' ? 'inherit' : 'primary'}
        sx={{ minWidth: 0, p: 1, borderRadius: '50%', color: color === 'inherit' ? 'inherit' : 'action.active' }}
        onClick={open}
        aria-label={bellLabel(count)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? BELL_MENU_ID : undefined}
      >
        {/* A drawn badge rather than MUI's Badge: 2 KB less on every signed-in page. */}
        <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
          <svg aria-hidden="true" focusable="false" width={24} height={24} viewBox="0 0 24 24" fill="currentColor">
            <path d={BELL_PATH} />
          </svg>
          {count ? (
            <Box
              component="span"
              aria-hidden="true"
              sx={{
                position: 'absolute',
                top: -6,
                right: -10,
                minWidth: 18,
                height: 18,
                px: '5px',
                borderRadius: '9px',
                bgcolor: 'error.main',
                color: 'error.contrastText',
                fontSize: 11,
                fontWeight: 600,
                lineHeight: '18px',
                textAlign: 'center',
                boxSizing: 'border-box',
              }}
            >
              {count > 99 ? '99+' : count}
            </Box>
          ) : null}
        </Box>
      </Button>
      {menuWanted && (
        <Suspense fallback={null}>
          <NotificationMenu anchor={anchor} items={items} failed={failed} onClose={close} onFollow={(item) => void follow(item)} onSeeAll={seeAll} />
        </Suspense>
      )}
    </>
  );
}
