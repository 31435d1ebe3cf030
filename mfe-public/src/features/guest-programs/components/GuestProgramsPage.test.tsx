import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { intakesApi, programsApi, universitiesApi, type Intake, type Program, type University } from 'shared-api';
import { COMPLETE_VIEW_WAIT_MS } from 'shared-api/complete-view';
import { authStore } from 'shared-auth';
import GuestProgramsPage from './GuestProgramsPage';
import { httpError, renderAt } from '../../../testing/render';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  universitiesApi: { list: jest.fn(), get: jest.fn() },
  programsApi: { ofUniversity: jest.fn() },
  intakesApi: { ofUniversity: jest.fn() },
}));

const intakes = intakesApi as jest.Mocked<typeof intakesApi>;

function intake(id: number, extra: Partial<Intake> = {}): Intake {
  return { id, universityId: 7, name: `Intake ${id}`, opensAt: '2027-01-01T06:00:00.000Z', closesAt: '2027-01-15T15:00:00.000Z', state: 'OPEN', programs: [], fees: [], ...extra };
}

const universities = universitiesApi as jest.Mocked<typeof universitiesApi>;
const programs = programsApi as jest.Mocked<typeof programsApi>;

function program(id: number, name: string, universityId = 7): Program {
  return {
    id,
    _id: id,
    name,
    description: `${name} description`,
    duration: '4 years',
    durationYears: 4,
    requirements: null,
    careerOpportunities: null,
    universityId,
  };
}

function uni(id: number, name: string): University {
  return { id, name, about: null, imageUrl: null, location: null, website: null, contactInfo: null };
}

function renderPage(path = '/guest/programs/7') {
  return renderAt(path, '/guest/programs/:id', <GuestProgramsPage />);
}

describe('GuestProgramsPage', () => {
  beforeEach(() => {
    universities.get.mockReset();
    programs.ofUniversity.mockReset();
    // A university without intakes (the spec's page) unless a test says otherwise.
    intakes.ofUniversity.mockReset().mockResolvedValue([]);
    authStore.setState({ user: null, token: null, loading: false });
  });

  it('shows the bouncing dots and 6 skeletons while loading, then the name and the program cards', async () => {
    let resolveName!: (u: University) => void;
    let resolvePrograms!: (p: Program[]) => void;
    universities.get.mockReturnValue(new Promise((res) => (resolveName = res)));
    programs.ofUniversity.mockReturnValue(new Promise((res) => (resolvePrograms = res)));
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading university name' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Programs Offered By');
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(6);

    await act(async () => resolveName(uni(7, 'University of Zambia')));
    expect(screen.getByRole('heading', { level: 1, name: 'Programs Offered By University of Zambia' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading university name' })).not.toBeInTheDocument();

    await act(async () => resolvePrograms([program(1, 'Computer Science'), program(2, 'Nursing')]));
    expect(screen.queryAllByTestId('card-skeleton')).toHaveLength(0);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { name: 'Computer Science' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('Computer Science description')).toBeInTheDocument();
    expect(universities.get).toHaveBeenCalledWith('7');
    expect(programs.ofUniversity).toHaveBeenCalledWith('7');
    expect(screen.getByText('Exploring more programs and their courses requires you to sign in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Here' })).toHaveAttribute('href', '/login');
  });

  it("shows the sign-in toast from a program's search button", async () => {
    universities.get.mockResolvedValue(uni(7, 'UNZA'));
    programs.ofUniversity.mockResolvedValue([program(1, 'Computer Science')]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'View program details' }));
    await screen.findByText('Sign in required - You need to sign in to see the details!');
  });

  it("falls back to 'Unnamed University' and only logs when the name cannot be read", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    universities.get.mockRejectedValue(httpError(500, { message: 'Internal server error' }));
    programs.ofUniversity.mockResolvedValue([]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Programs Offered By Unnamed University' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to fetch university name.');
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
    expect(screen.getByText('No programs are listed for this university yet.')).toBeInTheDocument();
    log.mockRestore();
  });

  it("shows the server's message in the error box", async () => {
    universities.get.mockResolvedValue(uni(7, 'UNZA'));
    programs.ofUniversity.mockRejectedValue(httpError(500, { message: 'Database unavailable' }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch programs.' without a server message", async () => {
    universities.get.mockResolvedValue(uni(7, 'UNZA'));
    programs.ofUniversity.mockRejectedValue(httpError(502));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch programs.');
  });

  it("shows 'An unexpected error occurred.' for other failures", async () => {
    universities.get.mockResolvedValue(uni(7, 'UNZA'));
    programs.ofUniversity.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred.');
  });

  describe('which university', () => {
    beforeEach(() => {
      universities.get.mockResolvedValue(uni(1, 'Any'));
      programs.ofUniversity.mockResolvedValue([]);
    });

    it('uses the route id for a guest', async () => {
      renderPage('/guest/programs/7');
      await waitFor(() => expect(programs.ofUniversity).toHaveBeenCalledWith('7'));
    });

    it('prefers the saved selectedUniversity over the route id', async () => {
      localStorage.setItem('selectedUniversity', '3');
      renderPage('/guest/programs/7');
      await waitFor(() => expect(programs.ofUniversity).toHaveBeenCalledWith('3'));
      expect(universities.get).toHaveBeenCalledWith('3');
    });

    it("prefers a signed-in ADMIN's own university over both", async () => {
      localStorage.setItem('selectedUniversity', '3');
      authStore.setState({
        user: { id: 5, email: 'a@b.zm', phone: null, role: 'ADMIN', universityId: 11, name: null, sub: 'a@b.zm', exp: 9e9 },
      });
      renderPage('/guest/programs/7');
      await waitFor(() => expect(programs.ofUniversity).toHaveBeenCalledWith('11'));
      expect(programs.ofUniversity).not.toHaveBeenCalledWith('3');
    });
  });

  it('says the university does not exist for /guest/programs/abc, without a validation message', async () => {
    renderPage('/guest/programs/abc');
    expect(await screen.findByRole('heading', { name: 'University Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all universities' })).toHaveAttribute('href', '/universities');
    expect(screen.queryByText(/Invalid input|universityId/)).toBeNull();
    expect(universities.get).not.toHaveBeenCalled();
  });

  it('says the university does not exist when the server has none with that id', async () => {
    universities.get.mockRejectedValue(httpError(404, { message: 'University not found' }));
    programs.ofUniversity.mockResolvedValue([]);
    renderPage('/guest/programs/99999');
    expect(await screen.findByRole('heading', { name: 'University Not Found' })).toBeInTheDocument();
    expect(screen.queryByText('No programs are listed for this university yet.')).toBeNull();
  });

  describe('admission rounds', () => {
    beforeEach(() => {
      universities.get.mockResolvedValue(uni(7, 'UNZA'));
      programs.ofUniversity.mockResolvedValue([program(1, 'Law')]);
    });

    it('shows the open intake with its deadline in Lusaka time and the hours left in its last day', async () => {
      intakes.ofUniversity.mockResolvedValue([intake(1, { name: '2027 January intake', closesAt: new Date(Date.now() + 5 * 3_600_000 + 60_000).toISOString() })]);
      renderPage();
      expect(await screen.findByRole('heading', { name: '2027 January intake' })).toBeInTheDocument();
      expect(screen.getByText(/^Apply by \d+ \w{3} \d{4}, \d{2}:\d{2} CAT$/)).toBeInTheDocument();
      expect(screen.getByText('Closes in 5 hours')).toBeInTheDocument();
      expect(intakes.ofUniversity).toHaveBeenCalledWith('7');
    });

    it('says applications are closed and when the next intake opens', async () => {
      intakes.ofUniversity.mockResolvedValue([intake(2, { state: 'UPCOMING', opensAt: '2027-03-01T06:00:00.000Z', closesAt: '2027-04-01T06:00:00.000Z' })]);
      renderPage();
      expect(await screen.findByRole('heading', { name: 'Applications are closed' })).toBeInTheDocument();
      expect(screen.getByText('The next intake opens on 1 Mar 2027, 08:00 CAT')).toBeInTheDocument();
    });

    it('says nothing about deadlines for a university without intakes', async () => {
      renderPage();
      await screen.findByText('Law');
      await waitFor(() => expect(intakes.ofUniversity).toHaveBeenCalled());
      expect(screen.queryByText('Applications are closed')).toBeNull();
      expect(screen.queryByText(/Closes in/)).toBeNull();
    });
  });

  describe('appears whole', () => {
    beforeEach(() => {
      universities.get.mockResolvedValue(uni(7, 'UNZA'));
      programs.ofUniversity.mockResolvedValue([program(1, 'Law')]);
    });
    afterEach(() => jest.useRealTimers());

    it('shows the cards once the intakes are in, so the banner never pushes them down under a tap', async () => {
      let answerIntakes: (answer: Intake[]) => void = () => undefined;
      intakes.ofUniversity.mockReturnValueOnce(new Promise((resolve) => (answerIntakes = resolve)));
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: 'Programs Offered By UNZA' })).toBeInTheDocument();
      await waitFor(() => expect(programs.ofUniversity).toHaveBeenCalled());
      await act(() => Promise.resolve());
      expect(screen.queryByRole('button', { name: 'View program details' })).toBeNull();
      expect(screen.getAllByTestId('card-skeleton')).toHaveLength(6);

      answerIntakes([intake(1, { name: '2027 January intake', closesAt: new Date(Date.now() + 3 * 86_400_000).toISOString() })]);
      expect(await screen.findByRole('button', { name: 'View program details' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: '2027 January intake' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Law' })).toBeInTheDocument();
    });

    it('shows the cards once the name is in, so a heading that wraps never pushes them down under a tap', async () => {
      let answerName: (answer: University) => void = () => undefined;
      universities.get.mockReturnValueOnce(new Promise((resolve) => (answerName = resolve)));
      renderPage();
      await waitFor(() => expect(programs.ofUniversity).toHaveBeenCalled());
      await waitFor(() => expect(intakes.ofUniversity).toHaveBeenCalled());
      await act(() => Promise.resolve());
      expect(screen.queryByRole('button', { name: 'View program details' })).toBeNull();

      answerName(uni(7, 'The Copperbelt University of Science, Engineering and Technology'));
      expect(await screen.findByRole('button', { name: 'View program details' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Programs Offered By The Copperbelt University of Science, Engineering and Technology' })).toBeInTheDocument();
    });

    it('shows the cards after a short wait when the network stalls, without the banner', async () => {
      jest.useFakeTimers();
      intakes.ofUniversity.mockReturnValueOnce(new Promise(() => undefined));
      renderPage();
      await act(() => jest.advanceTimersByTimeAsync(COMPLETE_VIEW_WAIT_MS - 100));
      expect(screen.getByRole('heading', { level: 1, name: 'Programs Offered By UNZA' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'View program details' })).toBeNull();

      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(screen.getByRole('button', { name: 'View program details' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /intake/ })).toBeNull();
    });
  });
});
