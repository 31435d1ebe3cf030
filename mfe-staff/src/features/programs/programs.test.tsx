import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { programsApi, coursesApi, universitiesApi, type Course, type Program } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { AddProgram, EditProgram, ProgramDetail, ProgramsList } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return {
    ...actual,
    programsApi: { list: jest.fn(), ofUniversity: jest.fn(), get: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn() },
    coursesApi: { ofProgram: jest.fn() },
    universitiesApi: { list: jest.fn() },
  };
});

const api = programsApi as jest.Mocked<typeof programsApi>;
const courses = coursesApi as jest.Mocked<typeof coursesApi>;
const universities = universitiesApi as jest.Mocked<typeof universitiesApi>;

function program(id: number, extra: Partial<Program> = {}): Program {
  return {
    id,
    _id: id,
    name: `Program ${id}`,
    description: `About program ${id}`,
    duration: '4 years',
    durationYears: 4,
    requirements: 'Grade 12',
    careerOpportunities: 'Engineer',
    universityId: 7,
    ...extra,
  };
}

function course(id: number, name = `Course ${id}`): Course {
  return {
    id,
    _id: id,
    courseName: name,
    courseDescription: `About ${name}`,
    sermisterToBeDone: 2,
    semesterToBeDone: 2,
    yearToBeStudied: 3,
    programId: 1,
    universityId: 7,
  };
}

beforeEach(() => jest.resetAllMocks());

describe('programs list', () => {
  it('shows a loading indicator, then the table with the columns and actions', async () => {
    signIn('SUPERUSER');
    api.list.mockResolvedValue([program(1)]);
    renderPage(<ProgramsList />, { path: '/programs', route: '/programs' });
    expect(screen.getByText('Loading programs...')).toBeInTheDocument();
    await screen.findByText('Program 1');
    for (const header of ['Name', 'Description', 'Duration', 'Requirements', 'Career Opportunities', 'Actions']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Program 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Program 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Program 1' })).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledTimes(1);
  });

  it('follows the selected university for a SUPERUSER and the own university for an ADMIN', async () => {
    signIn('SUPERUSER', { selectedUniversity: 3 });
    api.ofUniversity.mockResolvedValue([]);
    const first = renderPage(<ProgramsList />, { path: '/programs', route: '/programs' });
    await screen.findByText('No Programs Found');
    expect(api.ofUniversity).toHaveBeenCalledWith(3);
    first.unmount();
    signIn('ADMIN', { universityId: 9, selectedUniversity: 3 });
    renderPage(<ProgramsList />, { path: '/programs', route: '/programs' });
    await screen.findByText('No Programs Found');
    expect(api.ofUniversity).toHaveBeenLastCalledWith(9);
    expect(api.list).not.toHaveBeenCalled();
  });

  it('shows the empty state with an Add Program button', async () => {
    signIn('ADMIN');
    api.ofUniversity.mockResolvedValue([]);
    renderPage(<ProgramsList />, { path: '/programs', route: '/programs' });
    await screen.findByText('No Programs Found');
    expect(screen.getByText('Get started by adding your first program')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Program' })).toHaveLength(2);
  });

  it('shows the error banner and an empty list on failure', async () => {
    signIn('SUPERUSER');
    api.list.mockRejectedValue(new Error('down'));
    renderPage(<ProgramsList />, { path: '/programs', route: '/programs' });
    await screen.findByText('Error: Failed to fetch programs.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('deletes only after the confirmation and then reports it', async () => {
    signIn('SUPERUSER');
    api.list.mockResolvedValue([program(1), program(2)]);
    api.remove.mockResolvedValue({ message: 'ok' });
    renderPage(<ProgramsList />, { path: '/programs', route: '/programs' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Program 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.remove).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Delete Program 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await screen.findByText('Deleted!');
    expect(screen.getByText('The program has been deleted.')).toBeInTheDocument();
    expect(api.remove).toHaveBeenCalledWith(1);
    expect(screen.queryByText('Program 1')).not.toBeInTheDocument();
    expect(screen.getByText('Program 2')).toBeInTheDocument();
  });
});

describe('add program', () => {
  it('requires university, name, description and a duration of at least 1 for a SUPERUSER', async () => {
    signIn('SUPERUSER');
    universities.list.mockResolvedValue([{ id: 4, name: 'UNZA', location: null, website: null, contactInfo: null, about: null, imageUrl: null }]);
    renderPage(<AddProgram />, { path: '/programs/add', route: '/programs/add' });
    expect(screen.getByRole('heading', { name: 'Add New Program' })).toBeInTheDocument();
    expect(screen.getByText('Duration is in years')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'UNZA' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Program' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    await userEvent.type(screen.getByRole('spinbutton', { name: /Duration/ }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add Program' }));
    expect(screen.getByText('Duration must be at least 1')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
    expect(localStorage.getItem('universities')).toBe(JSON.stringify([{ id: 4, name: 'UNZA' }]));
  });

  it('creates the program and shows the success dialog, then goes to /programs', async () => {
    signIn('SUPERUSER');
    universities.list.mockResolvedValue([{ id: 4, name: 'UNZA', location: null, website: null, contactInfo: null, about: null, imageUrl: null }]);
    api.create.mockResolvedValue(program(5));
    renderPage(<AddProgram />, { path: '/programs/add', route: '/programs/add' });
    await screen.findByRole('option', { name: 'UNZA' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /University/ }), '4');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Law');
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Bachelor of Laws');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Duration/ }), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Add Program' }));
    await screen.findByText('Program Created Successfully');
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(api.create).toHaveBeenCalledWith({
      name: 'Law',
      description: 'Bachelor of Laws',
      duration: 4,
      requirements: null,
      careerOpportunities: null,
      pointsCeiling: null,
      universityId: 4,
    });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/programs'));
  });

  it('fixes the university of an ADMIN and shows the server error', async () => {
    signIn('ADMIN', { universityId: 7 });
    api.create.mockRejectedValue(new Error('network'));
    renderPage(<AddProgram />, { path: '/programs/add', route: '/programs/add' });
    expect(screen.queryByRole('combobox', { name: /University/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Law');
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Laws');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Duration/ }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add Program' }));
    await screen.findByText('Failed to create program');
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ universityId: 7 }));
    expect(universities.list).not.toHaveBeenCalled();
  });
});

describe('program points ceiling (issue 17 item 4)', () => {
  it('is optional, checked as 5 to 45, and sent as a number', async () => {
    signIn('ADMIN', { universityId: 7 });
    api.create.mockResolvedValue(program(5, { pointsCeiling: 18 }));
    renderPage(<AddProgram />, { path: '/programs/add', route: '/programs/add' });
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Nursing');
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'BSc Nursing');
    await userEvent.type(screen.getByRole('spinbutton', { name: /Duration/ }), '4');
    const ceiling = screen.getByRole('spinbutton', { name: 'Points ceiling (optional)' });
    await userEvent.type(ceiling, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Add Program' }));
    expect(screen.getByText('Points ceiling must be a whole number from 5 to 45')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
    await userEvent.clear(ceiling);
    await userEvent.type(ceiling, '18');
    await userEvent.click(screen.getByRole('button', { name: 'Add Program' }));
    await screen.findByText('Program Created Successfully');
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Nursing', pointsCeiling: 18, universityId: 7 }));
  });

  it('shows the saved ceiling when editing, and clearing it removes it', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(program(1, { pointsCeiling: 20 }));
    api.update.mockResolvedValue(program(1));
    renderPage(<EditProgram />, { path: '/programs/edit/:id', route: '/programs/edit/1' });
    const ceiling = await screen.findByRole('spinbutton', { name: 'Points ceiling (optional)' });
    expect(ceiling).toHaveValue(20);
    await userEvent.clear(ceiling);
    await userEvent.click(screen.getByRole('button', { name: 'Update Program' }));
    await screen.findByText('Program Updated Successfully');
    expect(api.update).toHaveBeenCalledWith(1, expect.objectContaining({ pointsCeiling: null }));
  });
});

describe('edit program', () => {
  it('fills the form from the program as the server has it now, not the copy passed from the list, and updates it', async () => {
    signIn('ADMIN');
    // The list's copy is older than a change saved since (by this person or another): the form must not bring it back.
    api.get.mockResolvedValue(program(1, { name: 'Program 1 (renamed)', description: 'Changed since' }));
    api.update.mockResolvedValue(program(1));
    renderPage(<EditProgram />, { path: '/programs/edit/:id', route: '/programs/edit/1', state: { program: program(1) } });
    expect(screen.queryByRole('button', { name: 'Update Program' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Edit Program Details' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Program 1 (renamed)');
    expect(screen.queryByDisplayValue('About program 1')).not.toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('1');
    await userEvent.clear(screen.getByRole('textbox', { name: /Name/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Update Program' }));
    await screen.findByText('Program Updated Successfully');
    expect(api.update).toHaveBeenCalledWith(1, expect.objectContaining({ name: 'Renamed', duration: 4, universityId: 7 }));
  });

  it('fetches the program by id without state and reports an update failure', async () => {
    signIn('SUPERUSER');
    api.get.mockResolvedValue(program(2));
    api.update.mockRejectedValue(new Error('x'));
    renderPage(<EditProgram />, { path: '/programs/edit/:id', route: '/programs/edit/2' });
    expect(await screen.findByDisplayValue('Program 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Program' }));
    await screen.findByText('Failed to update program');
    expect(api.get).toHaveBeenCalledWith('2');
  });

  it("does not offer an ADMIN the edit form of another university's program", async () => {
    signIn('ADMIN', { universityId: 8 });
    api.get.mockResolvedValue(program(1));
    renderPage(<EditProgram />, { path: '/programs/edit/:id', route: '/programs/edit/1', state: { program: program(1) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Program not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all programs' })).toHaveAttribute('href', '/programs');
    expect(screen.queryByRole('button', { name: 'Update Program' })).not.toBeInTheDocument();
  });
});

describe('program detail', () => {
  it('shows the program, the cards, 6 courses then 6 more, and filters by name', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(program(1));
    courses.ofProgram.mockResolvedValue(Array.from({ length: 14 }, (_, i) => course(i + 1, i === 13 ? 'Special Topics' : `Course ${i + 1}`)));
    renderPage(<ProgramDetail />, { path: '/programs/:id', route: '/programs/1' });
    expect(screen.getByText('Loading program details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Program 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Duration' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Requirements' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Career Opportunities' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Courses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(list).getAllByText('Semester 2')).toHaveLength(6);
    expect(within(list).getAllByText('Year 3')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'See More Courses' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'See More Courses' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'See More Courses' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search courses...'), 'special');
    expect(within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.type(screen.getByPlaceholderText('Search courses...'), 'zzz');
    expect(screen.getByText('No courses match your search.')).toBeInTheDocument();
  });

  it('says when the program has no courses', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(program(1));
    courses.ofProgram.mockResolvedValue([]);
    renderPage(<ProgramDetail />, { path: '/programs/:id', route: '/programs/1' });
    await screen.findByText('No courses available for this program.');
  });

  it('treats a program of another university as not found for an ADMIN', async () => {
    signIn('ADMIN', { universityId: 8 });
    api.get.mockResolvedValue(program(1));
    courses.ofProgram.mockResolvedValue([course(1)]);
    renderPage(<ProgramDetail />, { path: '/programs/:id', route: '/programs/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Program not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all programs' })).toHaveAttribute('href', '/programs');
    expect(screen.queryByText('Course 1')).not.toBeInTheDocument();
  });

  it('says a program that does not exist is not found, with a link to the list', async () => {
    signIn('ADMIN', { universityId: 8 });
    api.get.mockRejectedValue(httpError(404, { message: 'Program not found' }));
    courses.ofProgram.mockResolvedValue([]);
    renderPage(<ProgramDetail />, { path: '/programs/:id', route: '/programs/99999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Program not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all programs' })).toHaveAttribute('href', '/programs');
  });
});
