import { screen, within } from '@testing-library/react';
import { usersApi } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { Profile } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, usersApi: { get: jest.fn() } };
});
const api = usersApi as jest.Mocked<typeof usersApi>;
beforeEach(() => jest.resetAllMocks());

describe('profile', () => {
  it('shows the profile with Active status and Not provided for missing values', async () => {
    signIn('ADMIN', { id: 12 });
    api.get.mockResolvedValue({
      id: 12, userId: 12, firstName: 'Ada', lastName: 'Phiri', fullName: 'Ada Phiri', email: 'ada@unza.zm', phone: null,
      role: 'ADMIN', enabled: true, universityId: 7, createdAt: '2026-01-01',
    });
    renderPage(<Profile />, { path: '/profile', route: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Ada Phiri' })).toBeInTheDocument();
    const list = screen.getByText('Full Name').closest('dl') as HTMLElement;
    expect(within(list).getByText('ada@unza.zm')).toBeInTheDocument();
    expect(within(list).getByText('Not provided')).toBeInTheDocument();
    expect(within(list).getByText('ADMIN')).toBeInTheDocument();
    expect(within(list).getByText('12')).toBeInTheDocument();
    expect(within(list).getByText('Active')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith(12);
  });

  it('falls back to the session and says the load failed', async () => {
    signIn('SUPERUSER', { id: 3 });
    api.get.mockRejectedValue(new Error('x'));
    renderPage(<Profile />, { path: '/profile', route: '/profile' });
    expect(await screen.findByText('Failed to load profile data')).toBeInTheDocument();
    expect(screen.getByText('superuser@example.com')).toBeInTheDocument();
  });
});
