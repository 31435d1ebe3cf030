import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usersApi } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { StudentsList } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, usersApi: { students: jest.fn() } };
});

const api = usersApi as jest.Mocked<typeof usersApi>;
beforeEach(() => jest.resetAllMocks());

const student = (id: number) => ({ id, fullName: `Student ${id}`, email: `s${id}@example.com`, phone: null, applications: 2, lastAppliedAt: '2026-11-03T08:00:00.000Z' });

describe('students', () => {
  it('lists a server page, searches and pages', async () => {
    signIn('SUPERUSER', { selectedUniversity: 3 });
    api.students.mockResolvedValue({ items: [student(1)], total: 41, page: 1, size: 20 });
    renderPage(<StudentsList />, { path: '/students/all', route: '/students/all' });
    expect(await screen.findByText('Student 1')).toBeInTheDocument();
    expect(screen.getByText('Not provided')).toBeInTheDocument();
    expect(screen.getByText('2026-11-03')).toBeInTheDocument();
    expect(api.students).toHaveBeenCalledWith({ page: 1, size: 20, search: undefined, universityId: 3 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'banda' } });
    await waitFor(() => expect(api.students).toHaveBeenLastCalledWith({ page: 1, size: 20, search: 'banda', universityId: 3 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(api.students).toHaveBeenLastCalledWith({ page: 2, size: 20, search: 'banda', universityId: 3 }));
  });

  it('shows the empty and error states', async () => {
    signIn('ADMIN');
    api.students.mockResolvedValueOnce({ items: [], total: 0, page: 1, size: 20 });
    const view = renderPage(<StudentsList />, { path: '/students/all', route: '/students/all' });
    expect(await screen.findByText('No students found.')).toBeInTheDocument();
    expect(api.students).toHaveBeenCalledWith(expect.objectContaining({ universityId: undefined }));
    view.unmount();
    api.students.mockRejectedValueOnce(new Error('x'));
    renderPage(<StudentsList />, { path: '/students/all', route: '/students/all' });
    expect(await screen.findByText('Failed to fetch students')).toBeInTheDocument();
  });
});
