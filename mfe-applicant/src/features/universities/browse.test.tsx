import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, intakesApi, PreloadedResponsesProvider, programsApi, universitiesApi, type Intake } from 'shared-api';
import { readCachedUniversities } from 'shared-auth';
import { httpError, renderAt, signIn } from '../../test-utils';
import { UniversityDetail } from './components/UniversityDetail';
import { UniversityList } from './components/UniversityList';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  universitiesApi: { list: jest.fn(), get: jest.fn() },
  programsApi: { ofUniversity: jest.fn(), get: jest.fn() },
  applicationsApi: { ofUser: jest.fn(() => Promise.resolve([])) },
  intakesApi: { ofUniversity: jest.fn() },
}));

const uni = (id: number, name = `University ${id}`) => ({ id, name, location: 'Lusaka', website: 'https://example.edu', contactInfo: '+260 1', about: 'A'.repeat(150), imageUrl: null });
const prog = (id: number, name = `Program ${id}`) => ({
  id,
  _id: id,
  name,
  description: 'desc',
  duration: '4 years',
  durationYears: 4,
  requirements: null,
  careerOpportunities: null,
  universityId: 3,
});

beforeEach(() => {
  signIn();
  // A university without intakes, as the spec has it, unless a test says otherwise.
  (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([]);
});

const intake = (id: number, extra: Partial<Intake> = {}): Intake => ({
  id,
  universityId: 3,
  name: `Intake ${id}`,
  opensAt: '2027-01-01T06:00:00.000Z',
  closesAt: new Date(Date.now() + 12 * 86_400_000 + 3_600_000).toISOString(),
  state: 'OPEN',
  programs: [{ programId: 11, programName: 'Program 11', capacity: null }],
  fees: [],
  ...extra,
});

describe('university list', () => {
  it('shows the list the server rendered the page with, without asking again, and keeps it for the wizard', async () => {
    const list = [uni(1, 'University of Zambia'), uni(2, 'Copperbelt University')];
    renderAt(
      <PreloadedResponsesProvider responses={{ '/api/universities': list }}>
        <UniversityList />
      </PreloadedResponsesProvider>,
      { path: '/dashboard', url: '/dashboard' },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'University of Zambia' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Copperbelt University' })).toBeInTheDocument();
    expect(universitiesApi.list).not.toHaveBeenCalled();
    expect(readCachedUniversities()).toEqual([
      { id: 1, name: 'University of Zambia' },
      { id: 2, name: 'Copperbelt University' },
    ]);
  });

  it('shows 6, adds 3 with See More Universities, cuts about at 120 characters, links Learn More', async () => {
    const user = userEvent.setup();
    (universitiesApi.list as jest.Mock).mockResolvedValue(Array.from({ length: 10 }, (_, i) => uni(i + 1)));
    renderAt(<UniversityList />, { path: '/dashboard', url: '/dashboard' });
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(6);
    expect(screen.getAllByText(`${'A'.repeat(120)}…`)).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'See More Universities' }));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(9);
    await user.click(screen.getByRole('button', { name: 'See More Universities' }));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'See More Universities' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Learn More about University 1' })).toHaveAttribute('href', '/universities/1');
  });

  it('searches by name and offers Clear Search when nothing matches', async () => {
    const user = userEvent.setup();
    (universitiesApi.list as jest.Mock).mockResolvedValue([uni(1, 'University of Zambia'), uni(2, 'Copperbelt University')]);
    renderAt(<UniversityList />, { path: '/dashboard', url: '/dashboard' });
    await screen.findByText('University of Zambia');
    await user.type(screen.getByLabelText('Search universities by name'), 'copper');
    expect(screen.queryByText('University of Zambia')).toBeNull();
    expect(screen.getByText('Copperbelt University')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search universities by name'), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getByText('University of Zambia')).toBeInTheDocument();
  });

  it('shows a red banner when the list fails', async () => {
    (universitiesApi.list as jest.Mock).mockRejectedValue(new Error('down'));
    renderAt(<UniversityList />, { path: '/dashboard', url: '/dashboard' });
    await screen.findByText('Failed to fetch universities');
  });
});

describe('university detail', () => {
  it('shows the university, its programs 6 then +3 with a search, and the buttons', async () => {
    const user = userEvent.setup();
    (universitiesApi.get as jest.Mock).mockResolvedValue(uni(3, 'University of Zambia'));
    (programsApi.ofUniversity as jest.Mock).mockResolvedValue(Array.from({ length: 8 }, (_, i) => prog(i + 11)));
    renderAt(<UniversityDetail />, { path: '/universities/:id', url: '/universities/3' });
    expect(await screen.findByRole('heading', { name: 'University of Zambia' })).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /Explore Courses/ })).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'See More Programs' }));
    expect(screen.getAllByRole('link', { name: /Explore Courses/ })).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Explore Courses of Program 11' })).toHaveAttribute('href', '/courses/11');
    expect(screen.getByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/apply/3');
    const website = screen.getByRole('link', { name: 'Visit Website' });
    expect(website).toHaveAttribute('target', '_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
    await user.type(screen.getByLabelText('Search programs by name'), 'Program 12');
    expect(screen.getAllByRole('link', { name: /Explore Courses/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch programs' when programs fail", async () => {
    (universitiesApi.get as jest.Mock).mockResolvedValue(uni(3));
    (programsApi.ofUniversity as jest.Mock).mockRejectedValue(new Error('down'));
    renderAt(<UniversityDetail />, { path: '/universities/:id', url: '/universities/3' });
    await screen.findByText('Failed to fetch programs');
  });
});

describe('an open application to the university', () => {
  it('is pointed out next to Apply, with a link to it', async () => {
    signIn();
    (universitiesApi.get as jest.Mock).mockResolvedValue(uni(3, 'University of Zambia'));
    (programsApi.ofUniversity as jest.Mock).mockResolvedValue([]);
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([{ id: 41, universityId: 3, status: 'SUBMITTED', submittedAt: '2026-11-01T10:00:00Z' }]);
    renderAt(<UniversityDetail />, { path: '/universities/:id', url: '/universities/3' });
    await screen.findByText(/You already have an open application to University of Zambia/);
    expect(screen.getByRole('link', { name: 'View application' })).toHaveAttribute('href', '/applications/41');
    expect(screen.getByRole('link', { name: 'Apply' })).toBeInTheDocument();
  });
});

describe('addresses that name nothing', () => {
  it('says a university does not exist, offers the list, and shows no Apply', async () => {
    (universitiesApi.get as jest.Mock).mockRejectedValue(httpError(404, { message: 'University not found' }));
    (programsApi.ofUniversity as jest.Mock).mockResolvedValue([]);
    renderAt(<UniversityDetail />, { path: '/universities/:id', url: '/universities/99999' });
    expect(await screen.findByRole('heading', { name: 'University Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse universities' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Apply' })).toBeNull();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });

  it('treats an id that cannot be one as not found without asking the server', async () => {
    (universitiesApi.get as jest.Mock).mockClear();
    renderAt(<UniversityDetail />, { path: '/universities/:id', url: '/universities/abc' });
    expect(await screen.findByRole('heading', { name: 'University Not Found' })).toBeInTheDocument();
    expect(universitiesApi.get).not.toHaveBeenCalled();
  });
});

describe('university detail with admission rounds', () => {
  const show = () => {
    (universitiesApi.get as jest.Mock).mockResolvedValue(uni(3, 'UNZA'));
    (programsApi.ofUniversity as jest.Mock).mockResolvedValue([prog(11)]);
    renderAt(<UniversityDetail />, { path: '/universities/:id', url: '/universities/3' });
  };

  it('shows the open intake with its deadline in Lusaka time and the days left, and Apply', async () => {
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([intake(1, { name: '2027 January intake', closesAt: '2027-01-15T15:00:00.000Z' })]);
    jest.useFakeTimers({ now: new Date('2027-01-03T10:00:00.000Z'), doNotFake: ['queueMicrotask', 'setImmediate', 'nextTick'] });
    try {
      show();
      expect(await screen.findByRole('heading', { name: '2027 January intake' })).toBeInTheDocument();
      expect(screen.getByText('Apply by 15 Jan 2027, 17:00 CAT')).toBeInTheDocument();
      expect(screen.getByText('Closes in 12 days')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/apply/3');
      expect(intakesApi.ofUniversity).toHaveBeenCalledWith(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('says applications are closed and when the next intake opens, without Apply', async () => {
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([intake(2, { state: 'UPCOMING', opensAt: '2027-03-01T06:00:00.000Z' })]);
    show();
    expect(await screen.findByRole('heading', { name: 'Applications are closed' })).toBeInTheDocument();
    expect(screen.getByText('The next intake opens on 1 Mar 2027, 08:00 CAT')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply' })).toBeNull();
  });

  // Apply used to show while the intakes were asked for, then vanish when they said closed, and the
  // alerts arriving late pushed the university and its programs down under a finger about to tap.
  it('appears whole once the university, its intakes, programs and the open application are known', async () => {
    let answerIntakes: (intakes: Intake[]) => void = () => undefined;
    (intakesApi.ofUniversity as jest.Mock).mockReturnValueOnce(new Promise((resolve) => (answerIntakes = resolve)));
    show();
    await waitFor(() => expect(programsApi.ofUniversity).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(screen.queryByRole('link', { name: 'Apply' })).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'UNZA' })).toBeNull();
    expect(screen.queryByText('Program 11')).toBeNull();

    answerIntakes([intake(2, { state: 'UPCOMING', opensAt: '2027-03-01T06:00:00.000Z' })]);
    expect(await screen.findByRole('heading', { name: 'UNZA' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Applications are closed' })).toBeInTheDocument();
    expect(screen.getByText('Program 11')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply' })).toBeNull();
  });

  it('keeps the spec behaviour for a university without intakes', async () => {
    show();
    expect(await screen.findByRole('link', { name: 'Apply' })).toBeInTheDocument();
    await screen.findByText('Program 11');
    expect(screen.queryByText('Applications are closed')).toBeNull();
    expect(screen.queryByText(/Closes in/)).toBeNull();
  });
});
