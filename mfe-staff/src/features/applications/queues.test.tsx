/**
 * Queues (issue 17 item 3): the queue filter, the Assignee column, row
 * selection with 'Select all N matching', bulk assign and bulk decline behind
 * a confirmation that states the count, and the reviewer select of the detail page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { assignApplication } from './api/assignApplication';
import { bulkApplications } from './api/bulkApplications';
import { listAssignees } from './api/listAssignees';
import { makeApplication } from './fixtures';
import { ApplicationDetail, ApplicationsList } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, applicationsApi: { page: jest.fn(), get: jest.fn(), notes: jest.fn() }, filesApi: { download: jest.fn() } };
});
jest.mock('./api/assignApplication', () => ({ assignApplication: jest.fn() }));
jest.mock('./api/bulkApplications', () => ({ bulkApplications: jest.fn() }));
jest.mock('./api/listAssignees', () => ({ listAssignees: jest.fn() }));

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
const assign = assignApplication as jest.MockedFunction<typeof assignApplication>;
const bulk = bulkApplications as jest.MockedFunction<typeof bulkApplications>;
const assignees = listAssignees as jest.MockedFunction<typeof listAssignees>;

const JANE = { id: 21, name: 'Jane Banda', role: 'ADMIN' as const };
const PETER = { id: 22, name: 'Peter Mulenga', role: 'ADMIN' as const };

beforeEach(() => {
  jest.resetAllMocks();
  assignees.mockResolvedValue([JANE, PETER]);
  api.notes.mockResolvedValue([]);
});

const twenty = Array.from({ length: 20 }, (_, i) => makeApplication(i + 1, i === 0 ? { assignee: { id: JANE.id, name: JANE.name } } : { assignee: null }));
const showList = () => renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });

describe('queues on the applications list', () => {
  it('filters by queue and shows the Assignee column', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValue({ items: twenty.slice(0, 2), total: 2, page: 1, size: 20 });
    showList();
    const row1 = (await screen.findByText('Applicant 1')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Assignee' })).toBeInTheDocument();
    expect(within(row1).getByText('Jane Banda')).toBeInTheDocument();
    expect(within(screen.getByText('Applicant 2').closest('tr') as HTMLElement).getByText('Unassigned')).toBeInTheDocument();
    const queue = screen.getByRole('combobox', { name: 'Queue' });
    expect(
      within(queue)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Assigned to me', 'Unassigned']);
    await userEvent.selectOptions(queue, 'Assigned to me');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ assigned: 'me', page: 1 })));
    await userEvent.selectOptions(queue, 'Unassigned');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ assigned: 'none' })));
  });

  it('assigns the selected rows to a colleague after a confirmation that states the count', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValue({ items: twenty.slice(0, 5), total: 5, page: 1, size: 20 });
    bulk.mockResolvedValue({ action: 'assign', count: 3, ids: [1, 2, 3] });
    showList();
    await screen.findByText('Applicant 1');
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    for (const n of [1, 2, 3]) await userEvent.click(screen.getByRole('checkbox', { name: `Select application of Applicant ${n}` }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 applications selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Assign to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 3 applications' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Peter Mulenga' })).toBeInTheDocument());
    expect(assignees).toHaveBeenCalledWith(7);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Assign to' }), 'Peter Mulenga');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Assign 3 applications to Peter Mulenga?' });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith({ action: 'assign', userId: PETER.id, ids: [1, 2, 3] }));
    await screen.findByText('3 applications assigned to Peter Mulenga');
    // The list is asked again and the selection is gone.
    await waitFor(() => expect(api.page.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('declines every application matching the filters with one reason, after "Decline N applications?"', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValue({ items: twenty, total: 45, page: 1, size: 20 });
    bulk.mockResolvedValue({ action: 'decline', count: 45, ids: [] });
    showList();
    await screen.findByText('Applicant 1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Queue' }), 'Unassigned');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ assigned: 'none' })));
    await screen.findByText('Applicant 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('20 applications selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Select all 45 matching' }));
    expect(within(bar).getByText('All 45 applications matching the filters are selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Decline…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline 45 applications' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Please provide a reason for declining')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for declining/ }), 'The program is full.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Decline 45 applications?' });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith({ action: 'decline', reason: 'The program is full.', filter: expect.objectContaining({ assigned: 'none' }) }));
    await screen.findByText('45 applications declined');
  });

  it('changes nothing when the confirmation is cancelled, and says the server refusal in its words', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValue({ items: twenty.slice(0, 2), total: 2, page: 1, size: 20 });
    bulk.mockRejectedValue(httpError(409, { message: 'Already decided, so it cannot be declined: application 2. Nothing was changed.' }));
    showList();
    await screen.findByText('Applicant 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const decline = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Decline…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Decline 2 applications' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for declining/ }), 'Late.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
      return screen.findByRole('dialog', { name: 'Decline 2 applications?' });
    };
    await userEvent.click(within(await decline()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bulk).not.toHaveBeenCalled();
    await userEvent.click(within(await decline()).getByRole('button', { name: 'Yes' }));
    const refusal = await screen.findByRole('dialog', { name: 'Nothing was changed' });
    expect(within(refusal).getByText('Already decided, so it cannot be declined: application 2. Nothing was changed.')).toBeInTheDocument();
  });
});

describe('the reviewer on the application detail', () => {
  it('shows the assignee and reassigns from the select', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { paid: false, payment: null, assignee: { id: JANE.id, name: JANE.name } }));
    assign.mockResolvedValue(
      makeApplication(1, {
        paid: false,
        payment: null,
        assignee: { id: PETER.id, name: PETER.name },
        history: [
          {
            id: 9,
            at: '2026-11-03T10:00:00.000Z',
            kind: 'ASSIGNMENT',
            from: '21',
            to: '22',
            note: 'Reassigned from Jane Banda to Peter Mulenga',
            actor: { id: 1, name: 'Admin Person', role: 'ADMIN' },
          },
        ],
      }),
    );
    renderPage(<ApplicationDetail />, { path: '/applications/:id', route: '/applications/1' });
    const select = await screen.findByRole('combobox', { name: 'Assigned to' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Peter Mulenga' })).toBeInTheDocument());
    expect(select).toHaveValue(String(JANE.id));
    expect(assignees).toHaveBeenCalledWith(7);
    await userEvent.selectOptions(select, 'Peter Mulenga');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(1, PETER.id));
    await screen.findByText('Assigned to Peter Mulenga');
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue(String(PETER.id));
    expect(within(screen.getByRole('list', { name: 'History' })).getByText('Reassigned from Jane Banda to Peter Mulenga')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Assigned to' }), 'Nobody (unassigned)');
    await waitFor(() => expect(assign).toHaveBeenLastCalledWith(1, null));
  });
});
