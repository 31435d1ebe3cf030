import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coursesApi, programsApi } from 'shared-api';
import { httpError, renderAt, signIn } from '../../test-utils';
import { ProgramCourses } from './components/ProgramCourses';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  programsApi: { get: jest.fn() },
  coursesApi: { ofProgram: jest.fn() },
}));

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
const course = (id: number) => ({ id, _id: id, courseName: `Course ${id}`, courseDescription: 'd', sermisterToBeDone: 1, semesterToBeDone: 1, yearToBeStudied: 1, programId: 11, universityId: 3 });

beforeEach(() => signIn());

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

  it('says a program does not exist instead of an empty course list', async () => {
    (programsApi.get as jest.Mock).mockRejectedValue(httpError(404, { message: 'Program not found' }));
    (coursesApi.ofProgram as jest.Mock).mockResolvedValue([]);
    renderAt(<ProgramCourses />, { path: '/courses/:id', url: '/courses/99999' });
    expect(await screen.findByRole('heading', { name: 'Program Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse universities' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('No courses found')).toBeNull();
  });
});
