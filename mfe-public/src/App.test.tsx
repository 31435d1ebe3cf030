import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { programsApi, subscribersApi, universitiesApi } from 'shared-api';
import App from './App';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  universitiesApi: { list: jest.fn(), get: jest.fn() },
  programsApi: { ofUniversity: jest.fn() },
  subscribersApi: { count: jest.fn(), create: jest.fn() },
}));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

describe('App routes', () => {
  beforeEach(() => {
    (universitiesApi.list as jest.Mock).mockResolvedValue([]);
    (universitiesApi.get as jest.Mock).mockResolvedValue({ id: 4, name: 'UNZA' });
    (programsApi.ofUniversity as jest.Mock).mockResolvedValue([]);
    (subscribersApi.count as jest.Mock).mockResolvedValue({ count: 1 });
  });

  it.each([
    ['/', /Find the right university/],
    ['/home', /Find the right university/],
    ['/learn-more', /About UniPortal/],
    ['/about', /About UniPortal/],
    ['/coming-soon', /coming soon/i],
    ['/universities', /Explore Universities/],
    ['/guest/programs/4', /Programs Offered By/],
    ['/forgot-password', /Forgot Password/],
    ['/reset-password/abc', /Reset Password/],
    ['/privacy', /Privacy Notice/],
  ])('renders %s lazily', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('renders nothing for paths it does not own', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = renderAt('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('h1')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('No routes matched location "/dashboard"'));
    warn.mockRestore();
  });
});
