/** Issue 17 for staff: accepting makes an offer (type, conditions, reply deadline in Lusaka time); waitlisting is a decision too. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, filesApi } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { makeApplication } from './fixtures';
import { ApplicationDetail } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, applicationsApi: { get: jest.fn(), update: jest.fn(), notes: jest.fn(), addNote: jest.fn(), reviewDocument: jest.fn() }, filesApi: { download: jest.fn() } };
});

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
const DAY = 24 * 60 * 60 * 1000;

beforeEach(() => {
  jest.resetAllMocks();
  (filesApi as jest.Mocked<typeof filesApi>).download.mockRejectedValue(new Error('not answered in this test'));
  api.notes.mockResolvedValue([]);
  signIn('ADMIN');
  api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW' }));
  api.update.mockResolvedValue(makeApplication(1, { status: 'OFFERED' }));
});

const show = () => renderPage(<ApplicationDetail />, { path: '/applications/:id', route: '/applications/1' });

async function openOfferDialog() {
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Choice 2: Medicine' }));
  return dialog;
}

it('offers unconditionally by default, with a reply deadline 14 days ahead', async () => {
  const dialog = await openOfferDialog();
  expect(within(dialog).getByRole('radio', { name: 'Unconditional' })).toBeChecked();
  expect(within(dialog).queryByRole('textbox', { name: /Conditions/ })).not.toBeInTheDocument();
  expect(within(dialog).getByText(/14 days unless changed/)).toBeInTheDocument();
  const before = Date.now();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Make offer' }));
  await waitFor(() => expect(api.update).toHaveBeenCalled());
  const body = api.update.mock.calls[0]![1] as { status: string; offerType: string; replyBy: string; conditions?: string };
  expect(body.status).toBe('OFFERED');
  expect(body.offerType).toBe('UNCONDITIONAL');
  expect(body.conditions).toBeUndefined();
  // The input has minutes, so the deadline is 14 days ahead to within a minute.
  expect(Math.abs(Date.parse(body.replyBy) - (before + 14 * DAY))).toBeLessThan(2 * 60 * 1000);
});

it('a conditional offer needs its conditions, and sends them with the deadline staff set (Lusaka time)', async () => {
  const dialog = await openOfferDialog();
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Conditional' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Make offer' }));
  expect(within(dialog).getByText('Please state the conditions of the offer')).toBeInTheDocument();
  expect(api.update).not.toHaveBeenCalled();

  await userEvent.type(within(dialog).getByRole('textbox', { name: /Conditions/ }), 'A credit in Mathematics at Grade 12');
  const deadline = within(dialog).getByLabelText(/Reply by \(Lusaka time\)/);
  await userEvent.clear(deadline);
  await userEvent.type(deadline, '2099-02-01T17:00');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Make offer' }));
  await waitFor(() =>
    expect(api.update).toHaveBeenCalledWith(1, {
      status: 'OFFERED',
      reviewNotes: 'Offer of a place in Medicine',
      programId: 12,
      offerType: 'CONDITIONAL',
      conditions: 'A credit in Mathematics at Grade 12',
      // 17:00 in Lusaka is 15:00 UTC.
      replyBy: '2099-02-01T15:00:00.000Z',
    }),
  );
});

it('refuses a deadline in the past before anything is sent', async () => {
  const dialog = await openOfferDialog();
  const deadline = within(dialog).getByLabelText(/Reply by \(Lusaka time\)/);
  await userEvent.clear(deadline);
  await userEvent.type(deadline, '2001-02-01T17:00');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Make offer' }));
  expect(within(dialog).getByText('The reply deadline must be in the future')).toBeInTheDocument();
  expect(api.update).not.toHaveBeenCalled();
});

it('waitlists for a chosen program', async () => {
  api.update.mockResolvedValue(makeApplication(1, { status: 'WAITLISTED' }));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Waitlist' }));
  const dialog = await screen.findByRole('dialog', { name: 'Put on the waitlist' });
  expect(within(dialog).queryByRole('radio', { name: 'Conditional' })).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Choice 2: Medicine' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Waitlist' }));
  await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, { status: 'WAITLISTED', reviewNotes: 'Waitlisted for Medicine', programId: 12 }));
  await screen.findByText('Application put on the waitlist');
});
