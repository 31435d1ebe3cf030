import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATIONS_CHANGED_EVENT, type NotificationItem, type NotificationList } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { getNotifications } from './api/getNotifications';
import { markAllNotificationsRead } from './api/markAllNotificationsRead';
import { markNotificationRead } from './api/markNotificationRead';
import { NotificationsPage } from './components/NotificationsPage';

jest.mock('./api/getNotifications', () => ({ ...jest.requireActual('./api/getNotifications'), getNotifications: jest.fn() }));
jest.mock('./api/markNotificationRead', () => ({ markNotificationRead: jest.fn() }));
jest.mock('./api/markAllNotificationsRead', () => ({ markAllNotificationsRead: jest.fn() }));
const list = getNotifications as jest.MockedFunction<typeof getNotifications>;
const markRead = markNotificationRead as jest.MockedFunction<typeof markNotificationRead>;
const markAll = markAllNotificationsRead as jest.MockedFunction<typeof markAllNotificationsRead>;

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
const page = (items: NotificationItem[], unreadCount: number, total = items.length, n = 1): NotificationList => ({ items, total, page: n, size: 20, unreadCount });

const show = () => renderPage(<NotificationsPage />, { path: '/notifications', route: '/notifications' });

beforeEach(() => {
  jest.resetAllMocks();
  signIn('ADMIN');
});

describe('/notifications (staff)', () => {
  it('lists them newest first, unread ones marked, with the unread count', async () => {
    list.mockResolvedValue(
      page(
        [
          item(2, { kind: 'ASSIGNED', title: 'Application assigned to you', body: 'Application #2 was assigned to you.' }),
          item(1, { kind: 'OFFER_ANSWERED', title: 'Offer declined', readAt: '2026-11-26T11:00:00.000Z' }),
        ],
        1,
      ),
    );
    show();
    // A list of items (axe: a list holds only list items), each one button.
    const items = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    const entries = items.map((li) => within(li).getByRole('button'));
    expect(entries.map((e) => e.textContent)).toEqual([expect.stringContaining('Unread: Application assigned to you'), expect.not.stringContaining('Unread')]);
    expect(screen.getByText('Application #2 was assigned to you.')).toBeInTheDocument();
    expect(screen.getByText('1 unread.')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(1);
  });

  it('opening one marks it read, tells the bell and goes to its page', async () => {
    const user = userEvent.setup();
    const told = jest.fn();
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, told);
    list.mockResolvedValue(page([item(12, { kind: 'DOCUMENT_UPLOADED', title: 'Document uploaded again' })], 1));
    markRead.mockResolvedValue({ unreadCount: 0 });
    show();
    await user.click(await screen.findByRole('button', { name: /Document uploaded again/ }));
    expect(markRead).toHaveBeenCalledWith(12);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/applications/12'));
    expect(told).toHaveBeenCalled();
    window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, told);
  });

  it("'Mark all as read' marks them all and shows them read; it is off when nothing is unread", async () => {
    const user = userEvent.setup();
    list.mockResolvedValueOnce(page([item(3), item(2)], 2)).mockResolvedValueOnce(page([item(3, { readAt: '2026-11-26T12:00:00.000Z' }), item(2, { readAt: '2026-11-26T12:00:00.000Z' })], 0));
    markAll.mockResolvedValue({ unreadCount: 0 });
    show();
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(markAll).toHaveBeenCalled();
    await screen.findByText('All notifications are marked as read.');
    await screen.findByText('Nothing unread.');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('pages through older ones, the page shown and the pager in place until the next arrives', async () => {
    const user = userEvent.setup();
    let answerPage2: () => void = () => undefined;
    list.mockImplementation((n) =>
      n === 1 ? Promise.resolve(page([item(40, { title: 'Page 1 first' })], 0, 25, 1)) : new Promise((resolve) => (answerPage2 = () => resolve(page([item(20, { title: 'Page 2 first' })], 0, 25, 2)))),
    );
    show();
    await screen.findByText('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(2));
    // No spinner in the list's place: the buttons stay under the finger that tapped them.
    expect(screen.getByRole('button', { name: 'Older' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Notifications' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Page 1 first')).toBeInTheDocument();
    answerPage2();
    await screen.findByText('Page 2 first');
    expect(screen.getByRole('list', { name: 'Notifications' })).not.toHaveAttribute('aria-busy');
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    list.mockResolvedValueOnce(page([], 0));
    const view = show();
    await screen.findByText(/No notifications yet/);
    view.unmount();
    list.mockRejectedValueOnce(new Error('offline'));
    show();
    await screen.findByText('Could not load your notifications. Please try again later.');
  });
});
