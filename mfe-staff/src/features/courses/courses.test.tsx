import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coursesApi, programsApi, universitiesApi, type Course, type Program } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { AddCourse, CourseDetail, CoursesList, EditCourse } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return {
    ...actual,
    coursesApi: { list: jest.fn(), get: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn() },
    programsApi: { ofUniversity: jest.fn() },
    universitiesApi: { list: jest.fn() },
  };
});

const api = coursesApi as jest.Mocked<typeof coursesApi>;
const programs = programsApi as jest.Mocked<typeof programsApi>;
const universities = universitiesApi as jest.Mocked<typeof universitiesApi>;

function course(id: number, universityId = 7): Course {
  return {
    id,
    _id: id,
    courseName: `Course ${id}`,
    courseDescription: `About ${id}`,
    sermisterToBeDone: 1,
    semesterToBeDone: 1,
    yearToBeStudied: 2,
    programId: 11,
    universityId,
  };
}

const law = { id: 11, _id: 11, name: 'Law', description: 'd', duration: '4 years', durationYears: 4, requirements: null, careerOpportunities: null, universityId: 4 } as Program;

beforeEach(() => jest.resetAllMocks());

describe('courses list', () => {
  it('lists the courses with title, description, semester, year and actions', async () => {
    signIn('SUPERUSER');
    api.list.mockResolvedValue([course(1), course(2, 8)]);
    renderPage(<CoursesList />, { path: '/courses', route: '/courses' });
    expect(screen.getByText('Loading courses...')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Course 1' })).toHaveAttribute('href', '/course/1');
    expect(screen.getByRole('link', { name: 'Course 2' })).toBeInTheDocument();
    for (const h of ['Title', 'Description', 'Semester', 'Year']) expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Course 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Course' })).toBeInTheDocument();
  });

  it('keeps only the selected university for a SUPERUSER', async () => {
    signIn('SUPERUSER', { selectedUniversity: 8 });
    api.list.mockResolvedValue([course(1), course(2, 8)]);
    renderPage(<CoursesList />, { path: '/courses', route: '/courses' });
    expect(await screen.findByRole('link', { name: 'Course 2' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Course 1' })).not.toBeInTheDocument();
  });

  it('shows the empty text and the load failure', async () => {
    signIn('ADMIN');
    api.list.mockResolvedValueOnce([]);
    const view = renderPage(<CoursesList />, { path: '/courses', route: '/courses' });
    await screen.findByText('No courses found');
    view.unmount();
    api.list.mockRejectedValueOnce(httpError(500, { message: 'Database down' }));
    renderPage(<CoursesList />, { path: '/courses', route: '/courses' });
    await screen.findByText('Failed to fetch courses');
    expect(screen.getByText('Database down')).toBeInTheDocument();
  });

  it('deletes after confirmation and reports a failure', async () => {
    signIn('ADMIN');
    api.list.mockResolvedValue([course(1), course(3)]);
    api.remove.mockResolvedValueOnce({ message: 'ok' }).mockRejectedValueOnce(new Error('x'));
    renderPage(<CoursesList />, { path: '/courses', route: '/courses' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Course 1' }));
    await screen.findByText("You won't be able to revert this!");
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    await screen.findByText('Course deleted successfully');
    expect(screen.queryByRole('link', { name: 'Course 1' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Delete Course 3' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await screen.findByText('Failed to delete course');
  });
});

describe('add course', () => {
  it('chooses a university, then one of its programs, validates and creates', async () => {
    signIn('SUPERUSER');
    universities.list.mockResolvedValue([{ id: 4, name: 'UNZA', location: null, website: null, contactInfo: null, about: null, imageUrl: null }]);
    programs.ofUniversity.mockResolvedValue([law]);
    api.create.mockResolvedValue(course(9));
    renderPage(<AddCourse />, { path: '/course/add', route: '/course/add' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(6);
    expect(screen.getByRole('combobox', { name: /Program/ })).toBeDisabled();
    await screen.findByRole('option', { name: 'UNZA' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /University/ }), '4');
    await screen.findByRole('option', { name: 'Law' });
    expect(programs.ofUniversity).toHaveBeenCalledWith('4');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Program/ }), '11');
    // Each field's error goes as soon as that field is filled, the others stay.
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    await userEvent.type(screen.getByRole('textbox', { name: /Course Name/ }), 'Torts');
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    await userEvent.type(screen.getByRole('textbox', { name: /Course Description/ }), 'Civil wrongs');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Semester/ }), '2');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Year/ }), '1');
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    await screen.findByText('Course Created Successfully');
    expect(api.create).toHaveBeenCalledWith({
      courseName: 'Torts',
      courseDescription: 'Civil wrongs',
      semesterToBeDone: 2,
      yearToBeStudied: 1,
      programId: 11,
      universityId: 4,
    });
  });

  it('uses the ADMIN university and shows the create failure', async () => {
    signIn('ADMIN', { universityId: 4 });
    programs.ofUniversity.mockResolvedValue([law]);
    api.create.mockRejectedValue(new Error('x'));
    renderPage(<AddCourse />, { path: '/course/add', route: '/course/add' });
    expect(screen.queryByRole('combobox', { name: /University/ })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'Law' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Program/ }), '11');
    await userEvent.type(screen.getByRole('textbox', { name: /Course Name/ }), 'Torts');
    await userEvent.type(screen.getByRole('textbox', { name: /Course Description/ }), 'Civil wrongs');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Semester/ }), '2');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Year/ }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    await screen.findByText('Failed to create course');
  });

  it('says a field the server refused under that field, in plain words', async () => {
    signIn('ADMIN', { universityId: 4 });
    programs.ofUniversity.mockResolvedValue([law]);
    api.create.mockRejectedValue(httpError(400, { message: 'courseName: Too big: expected string to have <=200 characters, at most 200' }));
    renderPage(<AddCourse />, { path: '/course/add', route: '/course/add' });
    await screen.findByRole('option', { name: 'Law' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Program/ }), '11');
    await userEvent.type(screen.getByRole('textbox', { name: /Course Name/ }), 'Torts');
    await userEvent.type(screen.getByRole('textbox', { name: /Course Description/ }), 'Civil wrongs');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Semester/ }), '2');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Year/ }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    await screen.findByText('Use at most 200 characters');
    expect(screen.getByRole('textbox', { name: /Course Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/courseName/)).not.toBeInTheDocument();
  });
});

describe('edit course', () => {
  it('saves changes with the spec field names', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(course(5));
    api.update.mockResolvedValue(course(5));
    renderPage(<EditCourse />, { path: '/course/edit/:id', route: '/course/edit/5' });
    const name = await screen.findByRole('textbox', { name: /Course Name/ });
    await userEvent.clear(screen.getByRole('spinbutton', { name: /Year/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(api.update).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('spinbutton', { name: /Year/ }), '3');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Course Updated Successfully');
    expect(api.update).toHaveBeenCalledWith('5', { courseName: 'Renamed', courseDescription: 'About 5', sermisterToBeDone: 1, yearToBeStudied: 3 });
  });

  it('fills the form from the course as the server has it now, not the copy passed from the list, and reports an update failure', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue({ ...course(5), courseName: 'Course 5 (renamed)' });
    api.update.mockRejectedValue(new Error('x'));
    renderPage(<EditCourse />, { path: '/course/edit/:id', route: '/course/edit/5', state: { course: course(5) } });
    expect(await screen.findByRole('textbox', { name: /Course Name/ })).toHaveValue('Course 5 (renamed)');
    expect(api.get).toHaveBeenCalledWith('5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Failed to update course');
  });
});

describe('course detail', () => {
  it('shows description, semester, year and program ID', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(course(5));
    renderPage(<CourseDetail />, { path: '/course/:id', route: '/course/5' });
    expect(await screen.findByRole('heading', { name: 'Course 5' })).toBeInTheDocument();
    const list = screen.getByText('Program ID').closest('dl') as HTMLElement;
    expect(within(list).getByText('11')).toBeInTheDocument();
    expect(screen.getByText('About 5')).toBeInTheDocument();
  });

  it('says Course not found on 404 and the fetch failure otherwise', async () => {
    signIn('ADMIN');
    api.get.mockRejectedValueOnce(httpError(404, { message: 'Not found' }));
    const view = renderPage(<CourseDetail />, { path: '/course/:id', route: '/course/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/courses');
    view.unmount();
    api.get.mockRejectedValueOnce(httpError(500));
    renderPage(<CourseDetail />, { path: '/course/:id', route: '/course/5' });
    await screen.findByText('Failed to fetch course details');
  });

  it('treats a course of another university as not found for an ADMIN, in the detail and the edit form', async () => {
    signIn('ADMIN', { universityId: 8 });
    api.get.mockResolvedValue(course(5));
    const view = renderPage(<CourseDetail />, { path: '/course/:id', route: '/course/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/courses');
    view.unmount();
    renderPage(<EditCourse />, { path: '/course/edit/:id', route: '/course/edit/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });
});
