import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { authApi } from 'shared-api';
import { renderAt, signOutStore } from '../../../test-utils';
import { RegisterPage } from './RegisterPage';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  authApi: { login: jest.fn(), register: jest.fn(), logout: jest.fn() },
}));
const register = authApi.register as jest.MockedFunction<typeof authApi.register>;

function httpError(status: number, data?: object) {
  return Object.assign(new Error(`HTTP ${status}`), { name: 'HTTPError', data, response: { status } });
}

function renderRegister() {
  const view = renderAt(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    '/register',
  );
  return view;
}

async function fill(overrides: Partial<Record<string, string>> = {}, consent = true) {
  const user = userEvent.setup({ delay: null });
  const values = {
    'First Name': 'Natasha',
    'Last Name': 'Phiri',
    Email: 'natasha@example.org',
    Phone: '+260 977 123 456',
    Password: 'Sunrise-Kafue-77',
    'Confirm Password': 'Sunrise-Kafue-77',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
  if (consent) await user.click(screen.getByRole('checkbox'));
  return user;
}

beforeEach(() => {
  signOutStore();
  register.mockReset();
});

describe('RegisterPage', () => {
  it('shows the Create Account form: every field labelled, a tel phone, a hidden USER role and the privacy link', () => {
    const { container } = renderRegister();
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('type', 'tel');
    expect(container.ownerDocument.querySelector('input[type="hidden"][name="role"]')).toHaveValue('USER');
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it("shows the 'Error' dialog 'Passwords do not match!' and sends nothing", async () => {
    renderRegister();
    const user = await fill({ 'Confirm Password': 'Something-Else-1' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Error');
    expect(dialog).toHaveTextContent('Passwords do not match!');
    expect(register).not.toHaveBeenCalled();
  });

  it('requires every field and the consent', async () => {
    renderRegister();
    let user = await fill({ Phone: '' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    user = userEvent.setup({ delay: null });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '+260 977 000 111' } });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/privacy notice/);
    expect(register).not.toHaveBeenCalled();
  });

  it('sends role USER with the consent, shows Creating account... and goes to /login', async () => {
    let resolve!: (value: { message: string }) => void;
    register.mockReturnValue(new Promise((r) => (resolve = r)) as ReturnType<typeof authApi.register>);
    renderRegister();
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(register).toHaveBeenCalledWith({
      firstName: 'Natasha',
      lastName: 'Phiri',
      email: 'natasha@example.org',
      phone: '+260 977 123 456',
      password: 'Sunrise-Kafue-77',
      role: 'USER',
      consent: true,
    });
    resolve({ message: 'Registered' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it("shows the server's message, else its error, else 'Registration failed'; 'Registration failed. Please try again.' otherwise", async () => {
    register.mockRejectedValueOnce(httpError(409, { message: 'Email already registered' }));
    renderRegister();
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');

    register.mockRejectedValueOnce(httpError(400, { error: 'Bad Request' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Bad Request'));

    register.mockRejectedValueOnce(httpError(500));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Registration failed$/));

    register.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registration failed. Please try again.'));
  });

  it('shows the password rules before anything is typed', () => {
    renderRegister();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription("At least 8 characters. Common passwords such as 'password123' are refused.");
  });

  it("shows the server's refusal of a field under that field in plain words, never 'field: reason'", async () => {
    register.mockRejectedValueOnce(httpError(400, { message: 'password: is too common and easy to guess; please choose another', error: 'Bad Request' }));
    renderRegister();
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAccessibleDescription(/^Choose a less common password/));
    expect(password).toBeInvalid();
    expect(screen.queryByText(/^password: /)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    register.mockRejectedValueOnce(httpError(400, { message: 'email: must be a valid email address', error: 'Bad Request' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(/^Enter a valid email address/));

    register.mockRejectedValueOnce(httpError(400, { message: 'phone: is required', error: 'Bad Request' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription(/^Enter a valid phone number/));
    expect(screen.queryByText(/phone: is required/)).toBeNull();
  });
});
