/**
 * /notifications for staff (issue 18 item 4): every notification about the
 * caller's queue (applications assigned to them, documents uploaded again,
 * offers answered), newest first, a page at a time; opening one marks it read
 * and goes to its application; 'Mark all as read'. The shell's bell is told when they change
 * (NOTIFICATIONS_CHANGED_EVENT) so its count follows at once.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorText, formatDateTime, NOTIFICATIONS_CHANGED_EVENT, type NotificationItem } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { notify } from 'shared-auth';
import { getNotifications, NOTIFICATIONS_PAGE_SIZE } from '../api/getNotifications';
import { markAllNotificationsRead } from '../api/markAllNotificationsRead';
import { markNotificationRead } from '../api/markNotificationRead';

const isPortalPath = (link: string | null): link is string => typeof link === 'string' && /^\/(?!\/)[^\s\\]*$/.test(link);
const changed = () => window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));

export function NotificationsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  // The page shown stays while the next loads (dimmed): the pager stays under the finger.
  const { data, loading, refreshing, error, refresh } = useServerData(() => getNotifications(page), [page], { keepWhileLoading: true });
  const [busy, setBusy] = useState(false);

  const open = async (item: NotificationItem) => {
    if (!item.readAt) {
      try {
        await markNotificationRead(item.id);
        changed();
      } catch {
        // Reading it matters more than the mark: go on.
      }
    }
    if (isPortalPath(item.link)) void navigate(item.link);
    else await refresh();
  };

  const readAll = async () => {
    setBusy(true);
    try {
      await markAllNotificationsRead();
      changed();
      await refresh();
      notify('All notifications are marked as read.', 'success');
    } catch (err) {
      notify(errorText(err, 'Could not mark your notifications as read. Please try again later.'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;
  return (
    <Box sx={{ maxWidth: 800 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          Notifications
        </Typography>
        <Button variant="outlined" onClick={() => void readAll()} disabled={busy || !data || data.unreadCount === 0}>
          Mark all as read
        </Button>
      </Box>
      {loading && <CircularProgress size={24} aria-label="Loading notifications" />}
      {!loading && (error || !data) && <Alert severity="error">{errorText(error, 'Could not load your notifications. Please try again later.')}</Alert>}
      {!loading && data && (
        <>
          <Typography sx={{ mb: 1 }} color="text.secondary">
            {data.unreadCount === 0 ? 'Nothing unread.' : `${data.unreadCount} unread.`}
          </Typography>
          {data.items.length === 0 ? (
            <Typography>No notifications yet. We will tell you here when an application is assigned to you, or when one you review changes.</Typography>
          ) : (
            <Paper sx={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 150ms' }}>
              <List aria-label="Notifications" aria-busy={refreshing || undefined} disablePadding>
                {data.items.map((item) => (
                  <ListItem key={item.id} disablePadding>
                    <ListItemButton onClick={() => void open(item)} divider sx={{ display: 'block', py: 1.5 }}>
                      <Typography component="span" sx={{ display: 'block', fontWeight: item.readAt ? 400 : 700 }}>
                        {!item.readAt && (
                          <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                            Unread:{' '}
                          </Box>
                        )}
                        {item.title}
                      </Typography>
                      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                        {item.body}
                      </Typography>
                      <Typography component="span" variant="caption" color="text.secondary">
                        {formatDateTime(item.createdAt)}
                      </Typography>
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
          )}
          {pages > 1 && (
            <Box component="nav" aria-label="Pages of notifications" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, mt: 2 }}>
              <Button onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
                Newer
              </Button>
              <Typography>
                Page {page} of {pages}
              </Typography>
              <Button onClick={() => setPage((p) => p + 1)} disabled={page >= pages}>
                Older
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
