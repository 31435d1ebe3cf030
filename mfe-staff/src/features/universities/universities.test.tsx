import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { programsApi, universitiesApi, type Program, type University } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { AddUniversity, EditUniversity, UniversitiesList, UniversityDetail } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return {
    ...actual,
    universitiesApi: { list: jest.fn(), get: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn() },
    programsApi: { ofUniversity: jest.fn() },
  };
});

const api = universitiesApi as jest.Mocked<typeof universitiesApi>;
const programs = programsApi as jest.Mocked<typeof programsApi>;

function uni(id: number, extra: Partial<University> = {}): University {
  return { id, name: `Uni ${id}`, location: 'Lusaka', website: 'https://uni.example', contactInfo: '+260 1', about: 'About it', imageUrl: null, ...extra };
}
function program(id: number, name = `Program ${id}`): Program {
  return { id, _id: id, name, description: 'desc', duration: '4 years', durationYears: 4, requirements: 'Grade 12', careerOpportunities: 'Jobs', universityId: 1 };
}

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue([]);
});

describe('universities list', () => {
  it('shows N/A for missing fields and Visit Site in a new tab', async () => {
    signIn('SUPERUSER');
    const about = 'The oldest public university in Zambia, founded in 1966, with faculties across two campuses in Lusaka and a long list of programmes.';
    api.list.mockResolvedValue([uni(1, { about }), uni(2, { location: null, website: null, contactInfo: null })]);
    renderPage(<UniversitiesList />, { path: '/universities/all', route: '/universities/all' });
    await screen.findByText('Uni 1');
    for (const h of ['University Name', 'Location', 'Website', 'Contact Info', 'About', 'Actions']) expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Visit Site of Uni 1' });
    expect(link).toHaveTextContent('Visit Site');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const row = screen.getByText('Uni 2').closest('tr') as HTMLElement;
    expect(within(row).getAllByText('N/A')).toHaveLength(3);
    // About is a one-line excerpt; the whole text is its title and on the detail page.
    const excerpt = within(screen.getByText('Uni 1').closest('tr') as HTMLElement).getByTitle(about);
    expect(excerpt).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' });
    expect(localStorage.getItem('universities')).toContain('Uni 2');
  });

  it('shows the empty state', async () => {
    signIn('SUPERUSER');
    renderPage(<UniversitiesList />, { path: '/universities/all', route: '/universities/all' });
    await screen.findByText('No Universities Found');
    expect(screen.getByRole('button', { name: 'Add University' })).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    signIn('SUPERUSER');
    api.list.mockResolvedValue([uni(1)]);
    api.remove.mockResolvedValue({ message: 'ok' });
    renderPage(<UniversitiesList />, { path: '/universities/all', route: '/universities/all' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Uni 1' }));
    await screen.findByText('Are you sure?');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    await screen.findByText('The item has been deleted.');
    expect(screen.getByText('Deleted!')).toBeInTheDocument();
    expect(api.remove).toHaveBeenCalledWith(1);
  });
});

describe('university forms', () => {
  it('requires the name only and creates', async () => {
    signIn('SUPERUSER');
    api.create.mockResolvedValue(uni(3));
    renderPage(<AddUniversity />, { path: '/universities/add', route: '/universities/add' });
    expect(screen.getByRole('heading', { name: 'Add University' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add University' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /University Name/ }), 'CBU');
    await userEvent.click(screen.getByRole('button', { name: 'Add University' }));
    await screen.findByText('University Created Successfully');
    expect(api.create).toHaveBeenCalledWith({ name: 'CBU', location: null, website: null, contactInfo: null, about: null, imageUrl: null });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/universities/all'));
  });

  it('edits the university as the server has it now, not the copy passed from the list', async () => {
    signIn('SUPERUSER');
    api.get.mockResolvedValue(uni(1, { location: 'Lusaka', about: 'Changed since' }));
    api.update.mockResolvedValue(uni(1));
    renderPage(<EditUniversity />, { path: '/universities/edit/:id', route: '/universities/edit/1', state: { university: uni(1, { about: 'Old about' }) } });
    expect(await screen.findByRole('heading', { name: 'Edit University Details' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Changed since')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('1');
    const website = screen.getByRole('textbox', { name: /Website/ });
    await userEvent.clear(website);
    await userEvent.type(website, 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Update University' }));
    expect(screen.getByText('Must start with http:// or https://')).toBeInTheDocument();
    await userEvent.clear(website);
    const image = screen.getByRole('textbox', { name: /Image URL/ });
    await userEvent.type(image, 'http://img.example/u.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Update University' }));
    expect(screen.getByText('Must start with https://')).toBeInTheDocument();
    expect(api.update).not.toHaveBeenCalled();
    await userEvent.clear(image);
    await userEvent.click(screen.getByRole('button', { name: 'Update University' }));
    await screen.findByText('University Updated Successfully');
    expect(api.update).toHaveBeenCalledWith(1, expect.objectContaining({ name: 'Uni 1', website: null, location: 'Lusaka' }));
  });
});

describe('university detail', () => {
  it('shows the university, 6 programs then 3 more, the search and View Courses', async () => {
    signIn('SUPERUSER');
    api.get.mockResolvedValue(uni(1, { imageUrl: 'https://img.example/u.jpg' }));
    programs.ofUniversity.mockResolvedValue(Array.from({ length: 10 }, (_, i) => program(i + 1, i === 9 ? 'Medicine' : `Program ${i + 1}`)));
    renderPage(<UniversityDetail />, { path: '/universities/:id', route: '/universities/1' });
    expect(screen.getByText('Loading university details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Uni 1' })).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Uni 1' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('link', { name: 'Visit Website' })).toHaveAttribute('target', '_blank');
    const list = screen.getByRole('list', { name: 'Programs Offered' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'See More Programs' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);
    await userEvent.click(screen.getByRole('button', { name: 'See More Programs' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.type(screen.getByPlaceholderText('Search programs...'), 'MEDI');
    expect(within(screen.getByRole('list', { name: 'Programs Offered' })).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'View Courses of Medicine' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/programs/10');
  });

  it('shows the empty texts', async () => {
    signIn('SUPERUSER');
    api.get.mockResolvedValue(uni(1));
    programs.ofUniversity.mockResolvedValue([]);
    renderPage(<UniversityDetail />, { path: '/universities/:id', route: '/universities/1' });
    await screen.findByText('No programs available for this university.');
  });

  it('shows University Not Found with Go Back, and the fetch failure', async () => {
    signIn('SUPERUSER');
    api.get.mockRejectedValueOnce(httpError(404));
    programs.ofUniversity.mockResolvedValue([]);
    const view = renderPage(<UniversityDetail />, { path: '/universities/:id', route: '/universities/99' });
    await screen.findByText('University Not Found');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    view.unmount();
    api.get.mockRejectedValueOnce(httpError(500));
    renderPage(<UniversityDetail />, { path: '/universities/:id', route: '/universities/99' });
    await screen.findByText('Failed to fetch university details');
  });

  it('does not show another university to an ADMIN', async () => {
    signIn('ADMIN', { universityId: 7 });
    renderPage(<UniversityDetail />, { path: '/universities/:id', route: '/universities/8' });
    await screen.findByText('University Not Found');
    expect(api.get).not.toHaveBeenCalled();
  });
});
