import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coursesApi, programsApi, universitiesApi } from 'shared-api';
import { renderAt, signIn } from '../../test-utils';
import { ProgramCourses } from '../courses/components/ProgramCourses';
import { UniversityDetail } from './components/UniversityDetail';
import { UniversityList } from './components/UniversityList';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  universitiesApi: { list: jest.fn(), get: jest.fn() },
  programsApi: { ofUniversity: jest.fn(), get: jest.fn() },
  coursesApi: { ofProgram: jest.fn() },
}));

const uni = (id: number, name = `University ${id}`) => ({ id, name, location: 'Lusaka', website: 'https://example.edu', contactInfo: '+260 1', about: 'A'.repeat(150), imageUrl: null });
const prog = (id: number, name = `Program ${id}`) => ({ id, _id: id, name, description: 'desc', duration: '4 years', durationYears: 4, requirements: null, careerOpportunities: null, universityId: 3 });
const course = (id: number) => ({ id, _id: id, courseName: `Course ${id}`, courseDescription: 'd', sermisterToBeDone: 1, semesterToBeDone: 1, yearToBeStudied: 1, programId: 11, universityId: 3 });

beforeEach(() => signIn());

describe('university list', () => {
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
    expect(await screen.findByText('Failed to fetch universities')).toBeInTheDocument();
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
    expect(await screen.findByText('Failed to fetch programs')).toBeInTheDocument();
  });
});

describe('courses of a program', () => {
  it('shows 8 then adds 4 with Load More', async () => {
    const user = userEvent.setup();
    (programsApi.get as jest.Mock).mockResolvedValue(prog(11, 'Law'));
    (coursesApi.ofProgram as jest.Mock).mockResolvedValue(Array.from({ length: 13 }, (_, i) => course(i + 1)));
    renderAt(<ProgramCourses />, { path: '/courses/:id', url: '/courses/11' });
    expect(await screen.findByRole('heading', { name: 'Courses of Law' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(13);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});
