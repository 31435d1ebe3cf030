import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PreloadedResponsesProvider, universitiesApi, type University } from 'shared-api';
import { authStore } from 'shared-auth';
import UniversitiesPage from './UniversitiesPage';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  universitiesApi: { list: jest.fn(), get: jest.fn() },
}));

const api = universitiesApi as jest.Mocked<typeof universitiesApi>;

function university(id: number, name: string, about: string | null = `About ${name}`, imageUrl: string | null = null): University {
  return { id, name, about, imageUrl, location: 'Lusaka', website: null, contactInfo: null };
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/universities']}>
      <UniversitiesPage />
    </MemoryRouter>,
  );
}

describe('UniversitiesPage', () => {
  beforeEach(() => {
    api.list.mockReset();
    authStore.setState({ user: null, token: null, loading: false });
  });

  it('shows the list a server-rendered page carried at once, without asking the API again', () => {
    render(
      <PreloadedResponsesProvider responses={{ '/api/universities': [university(1, 'University of Zambia'), university(2, 'Copperbelt University')] }}>
        <MemoryRouter initialEntries={['/universities']}>
          <UniversitiesPage />
        </MemoryRouter>
      </PreloadedResponsesProvider>,
    );
    expect(screen.queryAllByTestId('card-skeleton')).toHaveLength(0);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(api.list).not.toHaveBeenCalled();
  });

  it('shows 6 skeleton cards while loading, then the cards', async () => {
    let resolve!: (list: University[]) => void;
    api.list.mockReturnValue(new Promise((res) => (resolve = res)));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Explore Universities' })).toBeInTheDocument();
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(6);
    expect(screen.getByRole('list', { name: 'Universities' })).toHaveAttribute('aria-busy', 'true');

    await act(async () => resolve([university(1, 'University of Zambia', 'x'.repeat(200), 'https://img.example/unza.jpg'), university(2, 'Copperbelt University')]));
    expect(screen.queryAllByTestId('card-skeleton')).toHaveLength(0);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { name: 'University of Zambia' })).toBeInTheDocument();
    expect(within(cards[0]).getByText(`${'x'.repeat(120)}...`)).toBeInTheDocument();
    const image = cards[0].querySelector('img') as HTMLImageElement;
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(within(cards[1]).getByText('About Copperbelt University')).toBeInTheDocument();
    expect(within(cards[1]).getByRole('link', { name: /Explore Programs/ })).toHaveAttribute('href', '/guest/programs/2');
    expect(within(cards[0]).getByRole('link', { name: /Explore Programs/ })).toHaveAttribute('href', '/guest/programs/1');
  });

  it('always shows the sign-in notice', async () => {
    api.list.mockResolvedValue([university(1, 'UNZA')]);
    renderPage();
    await screen.findByRole('article');
    expect(screen.getByText(/Exploring more universities and their programs requires you to sign in/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Here' })).toHaveAttribute('href', '/login');
  });

  it('says so when there are no universities', async () => {
    api.list.mockResolvedValue([]);
    renderPage();
    await screen.findByText('No universities are listed yet.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("shows the red banner 'Failed to fetch universities' on failure", async () => {
    api.list.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to fetch universities');
    expect(screen.queryAllByTestId('card-skeleton')).toHaveLength(0);
  });

  it('narrows the list to its own university for a signed-in ADMIN', async () => {
    authStore.setState({
      user: { id: 9, email: 'admin@unza.zm', phone: null, role: 'ADMIN', universityId: 2, name: 'Admin', sub: 'admin@unza.zm', exp: 9e9 },
    });
    api.list.mockResolvedValue([university(1, 'UNZA'), university(2, 'Copperbelt University'), university(3, 'Mulungushi')]);
    renderPage();
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: 'Copperbelt University' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('shows every university to a SUPERUSER', async () => {
    authStore.setState({
      user: { id: 1, email: 'root@portal.zm', phone: null, role: 'SUPERUSER', universityId: 2, name: 'Root', sub: 'root', exp: 9e9 },
    });
    api.list.mockResolvedValue([university(1, 'UNZA'), university(2, 'Copperbelt University')]);
    renderPage();
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});
