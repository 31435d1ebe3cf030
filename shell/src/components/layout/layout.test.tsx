import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { universitiesApi } from 'shared-api';
import { authStore, displayName } from 'shared-auth';
import { reloadPage } from '../../lib/browser';
import { renderAt, signInAs, signOutStore } from '../../test-utils';
import { isActive, sidebarEntries } from './nav';
import { Sidebar, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_TRANSITION_MS, SIDEBAR_WIDTH } from './Sidebar';
import { StaffLayout } from './StaffLayout';
import { TopBar } from './TopBar';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  authApi: { login: jest.fn(), register: jest.fn(), logout: jest.fn() },
  universitiesApi: { list: jest.fn() },
}));
jest.mock('../../lib/browser', () => ({ reloadPage: jest.fn() }));
const list = universitiesApi.list as jest.MockedFunction<typeof universitiesApi.list>;
const reload = reloadPage as jest.MockedFunction<typeof reloadPage>;

const labels = (role: string | null) => sidebarEntries(role).map((e) => `${e.label} ${e.path}`);

beforeEach(() => {
  signOutStore();
  list.mockReset();
  reload.mockReset();
});

describe('sidebar entries', () => {
  it('lists the entries of each role (spec §2.1) and none for an unknown role', () => {
    expect(labels('ADMIN')).toEqual(['Dashboard /dashboard', 'Applications /applications', 'Programs /programs']);
    expect(labels('USER')).toEqual(['Dashboard /dashboard', 'Profile /profile', 'Settings /settings']);
    expect(labels('SUPERUSER')).toEqual([
      'Dashboard /dashboard',
      'Universities /universities/all',
      'Programs /programs',
      'Courses /courses',
      'Applications /applications',
      'User Management /users',
    ]);
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
    const view = renderAt(<Sidebar role="SUPERUSER" pathname="/users/add-admin" collapsed={false} onToggle={onToggle} onLogout={onLogout} />);
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

    renderAt(<Sidebar role="ADMIN" pathname="/dashboard" collapsed onToggle={onToggle} onLogout={onLogout} />);
    const collapsed = screen.getByTestId('sidebar');
    expect(collapsed).toHaveStyle({ width: `${SIDEBAR_COLLAPSED_WIDTH}px` });
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
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select University', 'University of Zambia', 'Copperbelt University']);
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
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select University', 'Mukuba University']);
  });
});

describe('staff layout on a phone', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('starts collapsed so the content fits, and expands over the content', async () => {
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    signInAs('ADMIN');
    renderAt(
      <StaffLayout>
        <p>staff content</p>
      </StaffLayout>,
      '/dashboard',
    );
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await userEvent.setup({ delay: null }).click(within(sidebar).getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    expect(sidebar.parentElement).toHaveStyle({ position: 'fixed' });
    expect(screen.getByText('staff content')).toBeInTheDocument();
  });
});
