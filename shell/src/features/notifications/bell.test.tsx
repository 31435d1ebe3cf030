import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATIONS_CHANGED_EVENT, type NotificationItem, type NotificationList } from 'shared-api';
import { renderAt, signInAs, signOutStore } from '../../test-utils';
import { getLatestNotifications } from './api/getLatestNotifications';
import { getUnreadCount } from './api/getUnreadCount';
import { markNotificationRead } from './api/markNotificationRead';
import { UNREAD_POLL_MS } from './components/NotificationBell';
import { NotificationBellSlot } from './NotificationBellSlot';

jest.mock('./api/getUnreadCount', () => ({ getUnreadCount: jest.fn() }));
jest.mock('./api/getLatestNotifications', () => ({ getLatestNotifications: jest.fn() }));
jest.mock('./api/markNotificationRead', () => ({ markNotificationRead: jest.fn() }));
const unread = getUnreadCount as jest.MockedFunction<typeof getUnreadCount>;
const latest = getLatestNotifications as jest.MockedFunction<typeof getLatestNotifications>;
const markRead = markNotificationRead as jest.MockedFunction<typeof markNotificationRead>;

const item = (id: number, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  kind: 'DECISION',
  title: `Title ${id}`,
  body: `Body ${id}`,
  link: `/applications/${id}`,
  applicationId: id,
  createdAt: '2026-11-26T10:15:00.000Z',
  readAt: null,
  ...extra,
});
const page = (items: NotificationItem[], unreadCount: number): NotificationList => ({ items, total: items.length, page: 1, size: 5, unreadCount });

beforeEach(() => {
  jest.resetAllMocks();
  signOutStore();
});

describe('the notification bell', () => {
  it('is not there for a guest, and asks the server nothing', async () => {
    renderAt(<NotificationBellSlot />, '/home');
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(unread).not.toHaveBeenCalled();
  });

  it('shows the unread count in its name once signed in', async () => {
    signInAs('USER');
    unread.mockResolvedValue({ unreadCount: 3 });
    renderAt(<NotificationBellSlot />, '/dashboard');
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
  });

  it('says only "Notifications" when nothing is unread', async () => {
    signInAs('ADMIN');
    unread.mockResolvedValue({ unreadCount: 0 });
    renderAt(<NotificationBellSlot />, '/dashboard');
    await waitFor(() => expect(unread).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('opens on the latest five; opening one marks it read and goes to its link', async () => {
    const user = userEvent.setup();
    signInAs('USER');
    unread.mockResolvedValue({ unreadCount: 2 });
    latest.mockResolvedValue(page([item(12, { title: 'You have an offer' }), item(11, { title: 'Payment received', readAt: '2026-11-26T11:00:00.000Z' })], 2));
    markRead.mockResolvedValue({ unreadCount: 1 });
    renderAt(<NotificationBellSlot />, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(await within(menu).findByRole('menuitem', { name: /You have an offer/ })).toHaveTextContent('Unread: You have an offer');
    expect(within(menu).getByRole('menuitem', { name: /Payment received/ })).not.toHaveTextContent('Unread');
    expect(within(menu).getByRole('menuitem', { name: 'See all' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: /You have an offer/ }));
    expect(markRead).toHaveBeenCalledWith(12);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/applications/12'));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('a read one is not marked again; a link outside the portal is not followed', async () => {
    const user = userEvent.setup();
    signInAs('ADMIN');
    unread.mockResolvedValue({ unreadCount: 0 });
    latest.mockResolvedValue(page([item(5, { title: 'Odd link', link: '//evil.example/x', readAt: '2026-11-26T11:00:00.000Z' })], 0));
    renderAt(<NotificationBellSlot />, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    await user.click(await screen.findByRole('menuitem', { name: /Odd link/ }));
    expect(markRead).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notifications'));
  });

  it("'See all' goes to the notifications page; an empty list and a failure say so", async () => {
    const user = userEvent.setup();
    signInAs('USER');
    unread.mockResolvedValue({ unreadCount: 0 });
    latest.mockResolvedValueOnce(page([], 0)).mockRejectedValueOnce(new Error('offline'));
    renderAt(<NotificationBellSlot />, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    await screen.findByText('No notifications yet.');
    await user.click(screen.getByRole('menuitem', { name: 'See all' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notifications'));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your notifications.');
  });

  it('counts again every minute while visible, on focus and when a page says they changed', async () => {
    jest.useFakeTimers();
    try {
      signInAs('USER');
      unread.mockResolvedValue({ unreadCount: 1 });
      renderAt(<NotificationBellSlot />, '/dashboard');
      await act(async () => {});
      await waitFor(() => expect(unread).toHaveBeenCalledTimes(1));
      await act(async () => {
        jest.advanceTimersByTime(UNREAD_POLL_MS - 1);
      });
      expect(unread).toHaveBeenCalledTimes(1);
      unread.mockResolvedValue({ unreadCount: 4 });
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(unread).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
      fireEvent.focus(window);
      expect(unread).toHaveBeenCalledTimes(3);
      unread.mockResolvedValue({ unreadCount: 0 });
      await act(async () => {
        window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
      });
      expect(unread).toHaveBeenCalledTimes(4);
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
