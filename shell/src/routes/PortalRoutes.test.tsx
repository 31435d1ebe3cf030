import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi } from 'shared-api';
import { authStore, LOGOUT_EVENT, requestLogout, requestSessionRenewal, TOKEN_KEY } from 'shared-auth';
import { makeToken, renderAt, signInAs, signOutStore } from '../test-utils';
import { SESSION_CHECK_INTERVAL_MS } from '../lib/session';
import { forgetRemoteList, remoteListForRouting } from '../features/remotes/registry';
import { settledRemoteList, TEST_REMOTES } from '../testing/remote-list';
import { PortalRoutes } from './PortalRoutes';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  authApi: { login: jest.fn(), register: jest.fn(), logout: jest.fn() },
  universitiesApi: { list: jest.fn(() => Promise.resolve([])) },
}));
// The remotes are stood in for by components that name themselves.
// The remote list is a stand-in for /remotes.json (the remotes' page manifests).
jest.mock('../features/remotes/registry', () => ({
  loadRemoteApp: jest.fn(async (name: string) => ({ default: () => <p>remote {name}</p> })),
  resetRemote: jest.fn(async () => undefined),
  remoteListForRouting: jest.fn(() => jest.requireActual('../testing/remote-list').settledRemoteList()),
  forgetRemoteList: jest.fn(),
}));
const listForRouting = remoteListForRouting as jest.MockedFunction<typeof remoteListForRouting>;
const serverLogout = authApi.logout as jest.MockedFunction<typeof authApi.logout>;

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  signOutStore();
  serverLogout.mockReset();
  serverLogout.mockResolvedValue({ message: 'Logged out' });
});

describe('guards and the route table', () => {
  it("shows 'Loading...' while the session loads", () => {
    authStore.setState({ loading: true });
    renderAt(<PortalRoutes />, '/dashboard');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('sends a guest from a protected or unknown path to /login', async () => {
    renderAt(<PortalRoutes />, '/dashboard');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows a guest the public remote on its pages', async () => {
    for (const path of ['/', '/home', '/universities', '/guest/programs/4', '/reset-password/abc', '/privacy']) {
      const view = renderAt(<PortalRoutes />, path);
      await screen.findByText('remote mfe_public');
      expect(location()).toBe(path);
      view.unmount();
    }
  });

  it('sends a signed-in user from guest pages and /register to /dashboard, but keeps /universities and /guest/programs/:id', async () => {
    signInAs('USER');
    for (const path of ['/home', '/register', '/']) {
      const view = renderAt(<PortalRoutes />, path);
      await waitFor(() => expect(location()).toBe('/dashboard'));
      view.unmount();
    }
    for (const path of ['/universities', '/guest/programs/2']) {
      const view = renderAt(<PortalRoutes />, path);
      await screen.findByText('remote mfe_public');
      expect(location()).toBe(path);
      view.unmount();
    }
  });

  it('gives a USER the applicant remote inside the top navigation', async () => {
    signInAs('USER');
    renderAt(<PortalRoutes />, '/applications/12');
    await screen.findByText('remote mfe_applicant');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Universities');
    expect(screen.getByRole('link', { name: 'Universities' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
  });

  it('gives ADMIN and SUPERUSER the staff remote inside the sidebar layout', async () => {
    signInAs('ADMIN');
    let view = renderAt(<PortalRoutes />, '/programs/add');
    await screen.findByText('remote mfe_staff');
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
    view.unmount();
    signInAs('SUPERUSER');
    view = renderAt(<PortalRoutes />, '/universities/all');
    await screen.findByText('remote mfe_staff');
    view.unmount();
  });

  it('shows the not-found page for unknown paths and for pages outside the role', async () => {
    const cases: Array<[string, string]> = [
      ['USER', '/programs'],
      ['USER', '/no-such-page'],
      ['ADMIN', '/universities/all'],
      ['ADMIN', '/audit'],
      ['SUPERUSER', '/apply/3'],
      ['GUEST', '/no-such-page'],
    ];
    for (const [role, path] of cases) {
      if (role === 'GUEST') {
        signOutStore();
        const view = renderAt(<PortalRoutes />, path);
        await waitFor(() => expect(location()).toBe('/login'));
        view.unmount();
        continue;
      }
      signInAs(role);
      const view = renderAt(<PortalRoutes />, path);
      expect(screen.getByText('404')).toBeInTheDocument();
      expect(screen.getByText('Oops! Page not found.')).toBeInTheDocument();
      expect(screen.getByText("The page you're looking for doesn't exist or has been moved.")).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go back to Home' })).toHaveAttribute('href', '/');
      view.unmount();
    }
  });

  it('shows the not-found page for an unknown role', () => {
    authStore.setState({ token: 'x', user: { id: 1, email: 'a@b.co', phone: null, role: 'GUEST' as never, universityId: null, name: null, sub: '1', exp: 9e9 } });
    renderAt(<PortalRoutes />, '/dashboard');
    expect(screen.getByText('Oops! Page not found.')).toBeInTheDocument();
  });
});

describe('routes from the remote list', () => {
  afterEach(() => listForRouting.mockImplementation(() => settledRemoteList()));

  it('routes a page a remote adds, with its menu entry, without any change to the shell', async () => {
    const staff = TEST_REMOTES.mfe_staff!;
    const withReports = {
      ...TEST_REMOTES,
      mfe_staff: {
        ...staff,
        pages: {
          ...staff.pages,
          pages: [...staff.pages.pages, { path: '/reports', roles: ['ADMIN' as const], layout: 'staff' as const, nav: [{ menu: 'sidebar' as const, label: 'Reports', order: 70 }] }],
        },
      },
    };
    listForRouting.mockImplementation(() => settledRemoteList(withReports));
    signInAs('ADMIN');
    let view = renderAt(<PortalRoutes />, '/reports');
    await screen.findByText('remote mfe_staff');
    expect(screen.getByRole('link', { name: /Reports/ })).toHaveAttribute('aria-current', 'page');
    view.unmount();
    signInAs('USER');
    view = renderAt(<PortalRoutes />, '/reports');
    expect(screen.getByText('Oops! Page not found.')).toBeInTheDocument();
    view.unmount();
  });

  it('shows the unavailable message with Retry when the list cannot be loaded, and fetches it again on Retry', async () => {
    listForRouting.mockImplementation(() => settledRemoteList(null));
    signInAs('ADMIN');
    renderAt(<PortalRoutes />, '/dashboard');
    await screen.findByText(/temporarily unavailable/);
    // The staff frame stays, with no entries (none is known) but with Logout.
    expect(within(screen.getByTestId('sidebar')).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    listForRouting.mockImplementation(() => settledRemoteList());
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(forgetRemoteList).toHaveBeenCalled();
    await screen.findByText('remote mfe_staff');
  });
});

describe('logout', () => {
  it('removes the token, calls the server best-effort and replaces history with /login', async () => {
    serverLogout.mockRejectedValueOnce(new Error('offline'));
    signInAs('ADMIN');
    renderAt(<PortalRoutes />, '/dashboard');
    await screen.findByText('remote mfe_staff');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(serverLogout).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(authStore.getState().user).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('logs out when a remote asks (a 401 on the API), without calling the server', async () => {
    signInAs('USER');
    renderAt(<PortalRoutes />, '/dashboard');
    await screen.findByText('remote mfe_applicant');
    act(() => requestLogout('unauthorized'));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(serverLogout).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("keeps a remote's renewed token for the same user only (after a password or e-mail change)", async () => {
    signInAs('USER', { email: 'old@example.org' });
    renderAt(<PortalRoutes />, '/dashboard');
    await screen.findByText('remote mfe_applicant');
    const renewed = makeToken({ role: 'USER', email: 'new@example.org' });
    act(() => requestSessionRenewal(renewed));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(renewed);
    expect(authStore.getState().user?.email).toBe('new@example.org');

    // A token of someone else is not taken.
    const [head, payload, sig] = makeToken({ role: 'ADMIN' }).split('.');
    const other = [head, btoa(JSON.stringify({ ...JSON.parse(atob(payload!)), id: 8, sub: '8' })).replace(/=+$/, ''), sig].join('.');
    act(() => requestSessionRenewal(other));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(renewed);
    expect(authStore.getState().user?.role).toBe('USER');
    expect(location()).toBe('/dashboard');
  });

  it('says on /login why the session ended (an archived account), without calling the server', async () => {
    signInAs('USER');
    renderAt(<PortalRoutes />, '/dashboard');
    await screen.findByText('remote mfe_applicant');
    act(() => requestLogout('unauthorized', 'Account disabled. Please contact support.'));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('status')).toHaveTextContent('Account disabled. Please contact support.');
    expect(serverLogout).not.toHaveBeenCalled();
  });

  it('a session the server already ended (account deleted, signed out everywhere) is closed without a server call, with its confirmation', async () => {
    signInAs('USER');
    renderAt(<PortalRoutes />, '/profile');
    await screen.findByText('remote mfe_applicant');
    act(() => requestLogout('ended', 'Your account and personal data have been deleted.'));
    await waitFor(() => expect(location()).toBe('/login'));
    await screen.findByText('Your account and personal data have been deleted.');
    expect(serverLogout).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(authStore.getState().user).toBeNull();
  });

  it('ignores a logout request from a guest page', async () => {
    renderAt(<PortalRoutes />, '/home');
    await screen.findByText('remote mfe_public');
    act(() => {
      window.dispatchEvent(new CustomEvent(LOGOUT_EVENT, { detail: { reason: 'unauthorized' } }));
    });
    expect(location()).toBe('/home');
  });
});

describe('the 10-second session check', () => {
  afterEach(() => jest.useRealTimers());

  it('logs out when the stored token expires, is removed or is undecodable', async () => {
    jest.useFakeTimers();
    for (const breakIt of [
      () => localStorage.setItem(TOKEN_KEY, makeToken({ role: 'ADMIN', expSeconds: -5 })),
      () => localStorage.removeItem(TOKEN_KEY),
      () => localStorage.setItem(TOKEN_KEY, 'garbage'),
    ]) {
      signInAs('ADMIN');
      const view = renderAt(<PortalRoutes />, '/dashboard');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
      });
      expect(location()).toBe('/dashboard');
      breakIt();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
      });
      expect(location()).toBe('/dashboard');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(location()).toBe('/login');
      expect(authStore.getState().user).toBeNull();
      expect(screen.getByText('Your session has expired. Please log in again.')).toBeInTheDocument();
      view.unmount();
    }
  });

  it('keeps a valid session', async () => {
    jest.useFakeTimers();
    signInAs('USER', { expSeconds: 3600 });
    renderAt(<PortalRoutes />, '/profile');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    });
    expect(location()).toBe('/profile');
    expect(authStore.getState().user?.role).toBe('USER');
  });
});

describe('toasts', () => {
  it('say the account was created, top-right, and Alt+T focuses them', async () => {
    (authApi.register as jest.Mock).mockResolvedValueOnce({ message: 'ok' });
    renderAt(<PortalRoutes />, '/register');
    await screen.findByLabelText(/^First Name/);
    for (const [label, value] of Object.entries({ 'First Name': 'A', 'Last Name': 'B', Email: 'a@b.co', Phone: '+260 977 111 222', Password: 'Password-123', 'Confirm Password': 'Password-123' })) {
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(location()).toBe('/login'));
    const region = screen.getByRole('region', { name: /notifications/i });
    expect(region).toHaveTextContent('Account created. Please sign in.');
    fireEvent.keyDown(window, { key: 't', altKey: true });
    expect(region).toHaveFocus();
  });
});
