import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usersApi } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { StudentsList } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, usersApi: { students: jest.fn(), setUniversityBlock: jest.fn() } };
});

const api = usersApi as jest.Mocked<typeof usersApi>;
beforeEach(() => jest.resetAllMocks());

const student = (id: number, blocked = false) => ({ id, fullName: `Student ${id}`, email: `s${id}@example.com`, phone: null, applications: 2, lastAppliedAt: '2026-11-03T08:00:00.000Z', blocked });

describe('students', () => {
  it('lists a server page, searches and pages', async () => {
    signIn('SUPERUSER', { selectedUniversity: 3 });
    api.students.mockResolvedValue({ items: [student(1)], total: 41, page: 1, size: 20 });
    renderPage(<StudentsList />, { path: '/students/all', route: '/students/all' });
    await screen.findByText('Student 1');
    expect(screen.getByText('Not provided')).toBeInTheDocument();
    expect(screen.getByText('3 Nov 2026')).toBeInTheDocument();
    expect(api.students).toHaveBeenCalledWith({ page: 1, size: 20, search: undefined, universityId: 3 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'banda' } });
    await waitFor(() => expect(api.students).toHaveBeenLastCalledWith({ page: 1, size: 20, search: 'banda', universityId: 3 }));
    let answerPage2: () => void = () => undefined;
    api.students.mockImplementation(() => new Promise((resolve) => (answerPage2 = () => resolve({ items: [student(21)], total: 41, page: 2, size: 20 }))));
    await userEvent.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(api.students).toHaveBeenLastCalledWith({ page: 2, size: 20, search: 'banda', universityId: 3 }));
    // The page shown stays, dimmed and busy, with the pager where the finger is, until the next arrives.
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeInTheDocument();
    expect(screen.getByText('Student 1').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    await act(async () => answerPage2());
    expect(await screen.findByText('Student 21')).toBeInTheDocument();
    expect(screen.queryByText('Student 1')).not.toBeInTheDocument();
  });

  it('gives the SUPERUSER no Block button (it archives accounts on Users instead)', async () => {
    signIn('SUPERUSER');
    api.students.mockResolvedValue({ items: [student(1)], total: 1, page: 1, size: 20 });
    renderPage(<StudentsList />, { path: '/students/all', route: '/students/all' });
    await screen.findByText('Student 1');
    expect(screen.queryByRole('button', { name: /Block/ })).not.toBeInTheDocument();
  });

  it('lets an ADMIN block an applicant from its university after confirmation, and unblock', async () => {
    signIn('ADMIN');
    api.students.mockResolvedValue({ items: [student(1), student(2, true)], total: 2, page: 1, size: 20 });
    api.setUniversityBlock.mockResolvedValueOnce({ userId: 1, universityId: 7, blocked: true }).mockRejectedValueOnce(httpError(404, { message: 'User not found' }));
    renderPage(<StudentsList />, { path: '/students/all', route: '/students/all' });
    const row1 = (await screen.findByText('Student 1')).closest('tr') as HTMLElement;
    expect(within(row1).getByText('Allowed')).toBeInTheDocument();
    expect(within(screen.getByText('Student 2').closest('tr') as HTMLElement).getByText('Blocked')).toBeInTheDocument();
    await userEvent.click(within(row1).getByRole('button', { name: 'Block Student 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will not be able to apply to your university/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, block!' }));
    await waitFor(() => expect(api.setUniversityBlock).toHaveBeenCalledWith(1, true));
    expect(await within(row1).findByText('Blocked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Student 2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, unblock!' }));
    await screen.findByText('Failed to unblock applicant.');
    expect(screen.getByText('Request failed: User not found')).toBeInTheDocument();
    expect(api.setUniversityBlock).toHaveBeenLastCalledWith(2, false);
  });

  it('shows the empty and error states', async () => {
    signIn('ADMIN');
    api.students.mockResolvedValueOnce({ items: [], total: 0, page: 1, size: 20 });
    const view = renderPage(<StudentsList />, { path: '/students/all', route: '/students/all' });
    await screen.findByText('No students found.');
    expect(api.students).toHaveBeenCalledWith(expect.objectContaining({ universityId: undefined }));
    view.unmount();
    api.students.mockRejectedValueOnce(new Error('x'));
    renderPage(<StudentsList />, { path: '/students/all', route: '/students/all' });
    await screen.findByText('Failed to fetch students');
  });
});
