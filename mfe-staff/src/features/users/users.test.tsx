import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi, universitiesApi, usersApi, type User } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { AddAdmin, UsersList } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return {
    ...actual,
    usersApi: { page: jest.fn(), update: jest.fn() },
    authApi: { register: jest.fn() },
    universitiesApi: { list: jest.fn() },
  };
});

const api = usersApi as jest.Mocked<typeof usersApi>;
const auth = authApi as jest.Mocked<typeof authApi>;
const universities = universitiesApi as jest.Mocked<typeof universitiesApi>;

function person(id: number, extra: Partial<User> = {}): User {
  return {
    id,
    userId: id,
    firstName: 'Mwila',
    lastName: `No${id}`,
    fullName: `Mwila No${id}`,
    email: `u${id}@example.com`,
    phone: null,
    role: 'USER',
    enabled: true,
    universityId: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...extra,
  };
}

const paged = (items: User[], total = items.length) => ({ items, total, page: 1, size: 20 });

beforeEach(() => jest.resetAllMocks());

describe('users list', () => {
  it('shows name, email, role badge and status, and Add Admin for a SUPERUSER', async () => {
    signIn('SUPERUSER', { id: 1 });
    api.page.mockResolvedValue(paged([person(1, { role: 'SUPERUSER' }), person(2, { role: 'ADMIN', universityId: 7 }), person(3, { enabled: false })]));
    renderPage(<UsersList />, { path: '/users', route: '/users' });
    const row2 = (await screen.findByText('Mwila No2')).closest('tr') as HTMLElement;
    expect(within(row2).getByText('ADMIN')).toBeInTheDocument();
    expect(within(row2).getByText('Active')).toBeInTheDocument();
    expect(within(row2).getByRole('button', { name: 'Archive Mwila No2' })).toHaveTextContent('Archive');
    const row3 = screen.getByText('Mwila No3').closest('tr') as HTMLElement;
    expect(within(row3).getByText('Blocked')).toBeInTheDocument();
    expect(within(row3).getByRole('button', { name: 'Unarchive Mwila No3' })).toBeInTheDocument();
    const row1 = screen.getByText('Mwila No1').closest('tr') as HTMLElement;
    expect(within(row1).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/users/add-admin');
  });

  it('archives only after confirmation and shows Blocked', async () => {
    signIn('SUPERUSER');
    api.page.mockResolvedValue(paged([person(2)]));
    api.update.mockResolvedValue(person(2, { enabled: false }));
    renderPage(<UsersList />, { path: '/users', route: '/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Mwila No2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.update).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Archive Mwila No2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, archive!' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(2, expect.objectContaining({ id: 2, email: 'u2@example.com', enabled: false })));
    await screen.findByText('Blocked');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Unarchive Mwila No2' })).toBeInTheDocument();
  });

  it('reports an unarchive failure as Request failed: {message}', async () => {
    signIn('SUPERUSER');
    api.page.mockResolvedValue(paged([person(3, { enabled: false })]));
    api.update.mockRejectedValue(httpError(403, { message: 'Forbidden here' }));
    renderPage(<UsersList />, { path: '/users', route: '/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Unarchive Mwila No3' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, unarchive!' }));
    await screen.findByText('Failed to unarchive user.');
    expect(screen.getByText('Request failed: Forbidden here')).toBeInTheDocument();
  });

  it('gives an ADMIN Add Admin but no Archive or Unarchive: only the SUPERUSER switches accounts', async () => {
    signIn('ADMIN', { id: 1, universityId: 7 });
    api.page.mockResolvedValue(paged([person(2, { role: 'ADMIN', universityId: 7 }), person(4, { role: 'ADMIN', universityId: 7, enabled: false })]));
    renderPage(<UsersList />, { path: '/users', route: '/users' });
    const row2 = (await screen.findByText('Mwila No2')).closest('tr') as HTMLElement;
    expect(within(row2).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByText('Mwila No4').closest('tr') as HTMLElement).getByText('Blocked')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Archive/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/users/add-admin');
  });
});

describe('users list search, role filter and paging', () => {
  it('asks the server for one page, narrowed by the search and the role, and pages on', async () => {
    signIn('SUPERUSER', { selectedUniversity: 3 });
    api.page.mockResolvedValue(paged([person(2, { role: 'ADMIN', universityId: 3 })], 45));
    renderPage(<UsersList />, { path: '/users', route: '/users' });
    await screen.findByText('Mwila No2');
    expect(api.page).toHaveBeenLastCalledWith({ page: 1, size: 20, search: undefined, role: undefined, universityId: 3 });

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'banda');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith({ page: 1, size: 20, search: 'banda', role: undefined, universityId: 3 }));

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admins' }));
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith({ page: 1, size: 20, search: 'banda', role: 'ADMIN', universityId: 3 }));

    await screen.findByText('1–20 of 45');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith({ page: 2, size: 20, search: 'banda', role: 'ADMIN', universityId: 3 }));
  });
});

describe('add admin', () => {
  async function fill(password: string, confirm: string) {
    await userEvent.type(screen.getByRole('textbox', { name: /First Name/ }), 'Chanda');
    await userEvent.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Banda');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'chanda@unza.zm');
    await userEvent.type(screen.getByRole('textbox', { name: /Phone/ }), '+260977000000');
    await userEvent.type(screen.getByLabelText(/^Password/), password);
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), confirm);
  }

  it('defaults to the first stored university, requires all fields and matching passwords', async () => {
    signIn('SUPERUSER');
    localStorage.setItem(
      'universities',
      JSON.stringify([
        { id: 4, name: 'UNZA' },
        { id: 5, name: 'CBU' },
      ]),
    );
    universities.list.mockReturnValue(new Promise(() => undefined));
    renderPage(<AddAdmin />, { path: '/users/add-admin', route: '/users/add-admin' });
    expect(screen.getByRole('combobox', { name: /University/ })).toHaveValue('4');
    expect(screen.getByText('Role: ADMIN')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(6);
    await fill('secret-pass-1', 'secret-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('registers an ADMIN and goes to /users', async () => {
    signIn('SUPERUSER');
    universities.list.mockResolvedValue([{ id: 9, name: 'Mulungushi', location: null, website: null, contactInfo: null, about: null, imageUrl: null }]);
    auth.register.mockResolvedValue({ message: 'ok' });
    renderPage(<AddAdmin />, { path: '/users/add-admin', route: '/users/add-admin' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /University/ })).toHaveValue('9'));
    await fill('secret-pass-1', 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    await screen.findByText('Admin user added successfully');
    expect(auth.register).toHaveBeenCalledWith({
      firstName: 'Chanda',
      lastName: 'Banda',
      email: 'chanda@unza.zm',
      phone: '+260977000000',
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
      role: 'ADMIN',
      universityId: 9,
    });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/users'));
  });

  it('lets an ADMIN add an admin of its own university without choosing one', async () => {
    signIn('ADMIN', { universityId: 5 });
    localStorage.setItem(
      'universities',
      JSON.stringify([
        { id: 4, name: 'UNZA' },
        { id: 5, name: 'CBU' },
      ]),
    );
    universities.list.mockReturnValue(new Promise(() => undefined));
    auth.register.mockResolvedValue({ message: 'ok' });
    renderPage(<AddAdmin />, { path: '/users/add-admin', route: '/users/add-admin' });
    expect(screen.queryByRole('combobox', { name: /University/ })).not.toBeInTheDocument();
    expect(screen.getByText('University: CBU')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(6);
    await fill('secret-pass-1', 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    await screen.findByText('Admin user added successfully');
    const sent = auth.register.mock.calls[0]![0];
    expect(sent).toMatchObject({ email: 'chanda@unza.zm', role: 'ADMIN' });
    expect(sent).not.toHaveProperty('universityId');
  });

  it('shows the server error text, else the generic one', async () => {
    signIn('SUPERUSER');
    localStorage.setItem('universities', JSON.stringify([{ id: 4, name: 'UNZA' }]));
    universities.list.mockReturnValue(new Promise(() => undefined));
    auth.register.mockRejectedValueOnce(httpError(409, { error: 'Email already registered' })).mockRejectedValueOnce(new Error('offline'));
    renderPage(<AddAdmin />, { path: '/users/add-admin', route: '/users/add-admin' });
    await fill('secret-pass-1', 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    await screen.findByText('Email already registered');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    await screen.findByText('An unexpected error occurred');
  });

  it('says a refused field under it in plain words and clears it once the field is changed', async () => {
    signIn('SUPERUSER');
    localStorage.setItem('universities', JSON.stringify([{ id: 4, name: 'UNZA' }]));
    universities.list.mockReturnValue(new Promise(() => undefined));
    auth.register.mockRejectedValueOnce(httpError(400, { message: 'phone: is required', error: 'Bad Request' }));
    renderPage(<AddAdmin />, { path: '/users/add-admin', route: '/users/add-admin' });
    await fill('secret-pass-1', 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Admin' }));
    await screen.findByText('Enter a valid phone number, like 0977 123 456 or +260 977 123 456');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/phone:/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Phone/ }), '1');
    expect(screen.queryByText('Enter a valid phone number, like 0977 123 456 or +260 977 123 456')).not.toBeInTheDocument();
  });
});
