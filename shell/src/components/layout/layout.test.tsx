import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { universitiesApi } from 'shared-api';
import { authStore, displayName } from 'shared-auth';
import { reloadPage } from '../../lib/browser';
import { renderAt, signInAs, signOutStore } from '../../test-utils';
import { menuEntries } from 'shared-api/pages';
import { TEST_REMOTES } from '../../testing/remote-list';
import { isActive } from './nav';
import { Sidebar, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_TRANSITION_MS, SIDEBAR_WIDTH } from './Sidebar';
import { ApplicantLayout } from './ApplicantLayout';
import { StaffLayout } from './StaffLayout';
import { TopBar } from './TopBar';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  authApi: { login: jest.fn(), register: jest.fn(), logout: jest.fn() },
  universitiesApi: { list: jest.fn() },
}));
jest.mock('../../lib/browser', () => ({ reloadPage: jest.fn() }));
// The bell itself (its chunk, its calls) is tested in features/notifications; here, where the bars put it.
jest.mock('../../features/notifications/NotificationBellSlot', () => ({ NotificationBellSlot: () => <button type="button">Notifications</button> }));
jest.mock('../../features/remotes/registry', () => ({
  remoteListForRouting: () => jest.requireActual('../../testing/remote-list').settledRemoteList(),
}));
const list = universitiesApi.list as jest.MockedFunction<typeof universitiesApi.list>;
const reload = reloadPage as jest.MockedFunction<typeof reloadPage>;

const sidebarOf = (role: string | null) => menuEntries(TEST_REMOTES, role, 'sidebar');
const labels = (role: string | null) => sidebarOf(role).map((e) => `${e.label} ${e.path}`);

beforeEach(() => {
  signOutStore();
  list.mockReset();
  reload.mockReset();
});

describe('sidebar entries', () => {
  it('lists the entries the manifests give each role, in their order, and none for an unknown role', () => {
    expect(labels('ADMIN')).toEqual(['Dashboard /dashboard', 'Applications /applications', 'Programs /programs']);
    expect(labels('USER')).toEqual(['Dashboard /dashboard', 'Profile /profile']);
    expect(labels('SUPERUSER')).toEqual(['Dashboard /dashboard', 'Universities /universities/all', 'Programs /programs', 'Applications /applications', 'User Management /users']);
    expect(labels('AUDITOR')).toEqual([]);
    expect(labels('toString')).toEqual([]);
    expect(labels(null)).toEqual([]);
  });

  it('marks an entry active when the path starts with its path', () => {
    expect(isActive('/programs/edit/3', '/programs')).toBe(true);
    expect(isActive('/dashboard', '/programs')).toBe(false);
  });

  it('renders the entries, the active one, Logout, the product name and the year; the toggle collapses it', async () => {
    const onToggle = jest.fn();
    const onLogout = jest.fn();
    const view = renderAt(<Sidebar entries={sidebarOf('SUPERUSER')} pathname="/users/add-admin" collapsed={false} onToggle={onToggle} onLogout={onLogout} />);
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByRole('heading', { name: 'UniPortal' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: /User Management/ })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: /Universities/ })).toHaveAttribute('href', '/universities/all');
    expect(within(sidebar).getByRole('link', { name: /Dashboard/ })).not.toHaveAttribute('aria-current');
    expect(sidebar).toHaveTextContent(String(new Date().getFullYear()));
    expect(sidebar).toHaveStyle({ width: `${SIDEBAR_WIDTH}px`, backgroundColor: '#14213d' });
    expect(getComputedStyle(sidebar).transition).toContain(`${SIDEBAR_TRANSITION_MS}ms`);
    const user = userEvent.setup({ delay: null });
    await user.click(within(sidebar).getByRole('button', { name: 'Collapse sidebar' }));
    expect(onToggle).toHaveBeenCalled();
    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalled();
    view.unmount();

    renderAt(<Sidebar entries={sidebarOf('ADMIN')} pathname="/dashboard" collapsed onToggle={onToggle} onLogout={onLogout} />);
    const collapsed = screen.getByTestId('sidebar');
    expect(collapsed).toHaveStyle({ width: `${SIDEBAR_COLLAPSED_WIDTH}px` });
    // One logo everywhere (issue 22): collapsed, the sidebar keeps the portal's mark, not two letters.
    const heading = within(collapsed).getByRole('heading', { name: 'UniPortal' });
    expect(heading.querySelector('svg path')).not.toBeNull();
    expect(within(collapsed).queryByText('UP')).toBeNull();
    expect(within(collapsed).getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(collapsed).getByRole('link', { name: 'Programs' })).toHaveAttribute('href', '/programs');
    expect(within(collapsed).queryByRole('link', { name: 'Universities' })).not.toBeInTheDocument();
  });
});

describe('top bar', () => {
  it("shows the name, else the e-mail, else the subject, else 'User'", () => {
    const base = { id: 1, phone: null, role: 'ADMIN' as const, universityId: 1, exp: 9e9 };
    expect(displayName({ ...base, name: 'Mwila Banda', email: 'm@b.zm', sub: '1' })).toBe('Mwila Banda');
    expect(displayName({ ...base, name: null, email: 'm@b.zm', sub: '1' })).toBe('m@b.zm');
    expect(displayName({ ...base, name: null, email: '', sub: '42' })).toBe('42');
    expect(displayName({ ...base, name: null, email: '', sub: '' })).toBe('User');
    expect(displayName(null)).toBe('User');

    signInAs('ADMIN', { name: null, email: 'admin@unza.zm' });
    renderAt(<TopBar />);
    expect(screen.getByTestId('top-bar-name')).toHaveTextContent('admin@unza.zm');
    expect(screen.queryByLabelText('University')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});

describe('SUPERUSER university selector', () => {
  it("lists 'Select University' then the universities, caches them, saves the choice and reloads", async () => {
    list.mockResolvedValue([
      { id: 1, name: 'University of Zambia', location: 'Lusaka', website: null, contactInfo: null, about: null, imageUrl: null },
      { id: 2, name: 'Copperbelt University', location: 'Kitwe', website: null, contactInfo: null, about: null, imageUrl: null },
    ]);
    signInAs('SUPERUSER', { name: 'Mwila Banda' });
    renderAt(<TopBar />);
    expect(screen.getByTestId('top-bar-name')).toHaveTextContent('Mwila Banda');
    const select = screen.getByLabelText('University');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select University', 'University of Zambia', 'Copperbelt University']);
    expect(JSON.parse(localStorage.getItem('universities')!)).toEqual([
      { id: 1, name: 'University of Zambia' },
      { id: 2, name: 'Copperbelt University' },
    ]);

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(select, '2');
    expect(localStorage.getItem('selectedUniversity')).toBe('2');
    expect(authStore.getState().selectedUniversity).toBe(2);
    expect(reload).toHaveBeenCalledTimes(1);

    await user.selectOptions(select, '');
    expect(localStorage.getItem('selectedUniversity')).toBeNull();
    expect(authStore.getState().selectedUniversity).toBeNull();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('starts from the cached list and keeps it when the request fails', async () => {
    localStorage.setItem('universities', JSON.stringify([{ id: 5, name: 'Mukuba University' }]));
    list.mockRejectedValue(new Error('offline'));
    signInAs('SUPERUSER');
    authStore.setState({ selectedUniversity: 5 });
    renderAt(<TopBar />);
    const select = screen.getByLabelText('University') as HTMLSelectElement;
    expect(select.value).toBe('5');
    await waitFor(() => expect(list).toHaveBeenCalled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select University', 'Mukuba University']);
  });
});

describe('staff layout on a phone', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });
  const phone = (matches: boolean) => {
    window.matchMedia = ((query: string) => ({
      matches,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  };

  it('leaves the page to the content; a menu button in the top bar opens the sidebar as a drawer', async () => {
    phone(true);
    signInAs('ADMIN');
    renderAt(
      <StaffLayout>
        <p>staff content</p>
      </StaffLayout>,
      '/dashboard',
    );
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { name: /Programs/ })).toHaveAttribute('href', '/programs');
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await user.click(open);
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: /Programs/ }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByText('staff content')).toBeInTheDocument();
  });

  it('on a desktop shows the sidebar beside padded content, without a menu button', () => {
    phone(false);
    signInAs('ADMIN');
    renderAt(
      <StaffLayout>
        <h1>Programs</h1>
      </StaffLayout>,
      '/programs',
    );
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    // The heading does not touch the sidebar or the window's edge.
    const main = screen.getByRole('main');
    expect(parseFloat(getComputedStyle(main).paddingLeft)).toBeGreaterThanOrEqual(16);
    expect(parseFloat(getComputedStyle(main).paddingTop)).toBeGreaterThanOrEqual(16);
  });
});

describe('sidebar icons', () => {
  it('draws the icon each manifest entry names, not the first letter of its label', () => {
    renderAt(<Sidebar entries={sidebarOf('ADMIN')} pathname="/dashboard" collapsed={false} onToggle={jest.fn()} onLogout={jest.fn()} />);
    const sidebar = screen.getByTestId('sidebar');
    const dashboard = within(sidebar).getByRole('link', { name: 'Dashboard' });
    expect(dashboard.querySelector('svg')).toHaveAttribute('data-icon', 'dashboard');
    expect(within(sidebar).getByRole('link', { name: 'Programs' }).querySelector('svg')).toHaveAttribute('data-icon', 'programs');
    expect(within(sidebar).getByRole('button', { name: 'Logout' }).querySelector('svg')).toHaveAttribute('data-icon', 'logout');
    // An entry without a (known) icon still gets a drawn mark, never a letter.
    expect(within(sidebar).getByRole('link', { name: 'Applications' }).querySelector('svg')).toHaveAttribute('data-icon', 'dot');
    expect(dashboard).toHaveTextContent(/^Dashboard$/);
  });

  it("draws a remote's own icon from its manifest, so a new entry needs no shell release", () => {
    const own = 'M3 3h18v18H3z';
    const entries = [{ label: 'Reports', path: '/reports', order: 70, remote: 'mfe_staff', iconPath: own, icon: 'programs' }];
    renderAt(<Sidebar entries={entries} pathname="/dashboard" collapsed={false} onToggle={jest.fn()} onLogout={jest.fn()} />);
    const icon = within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Reports' }).querySelector('svg');
    expect(icon).toHaveAttribute('data-icon', 'remote');
    expect(icon?.querySelector('path')).toHaveAttribute('d', own);
  });
});

describe("the 'Offline — showing saved data' banner in the layouts", () => {
  it.each([
    ['staff', 'ADMIN', StaffLayout],
    ['applicant', 'USER', ApplicantLayout],
  ] as const)('comes after the page in the %s layout, so coming and going moves nothing on it', (_, role, Layout) => {
    signInAs(role);
    renderAt(
      <Layout>
        <h1>Page</h1>
      </Layout>,
      '/dashboard',
    );
    const banner = screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite' && getComputedStyle(region).position === 'sticky');
    expect(banner).toBeDefined();
    expect(screen.getByRole('main').compareDocumentPosition(banner!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
