/** Issue 17 for the applicant: the offer on the application detail, accepted after a confirmation or declined, and the letter. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApplicationOffer } from 'shared-api';
import { httpError, renderAt, signIn } from '../../test-utils';
import { answerOffer } from './api/answerOffer';
import { downloadLetter } from './api/downloadLetter';
import { getApplicationOffer } from './api/getApplicationOffer';
import { OfferCard } from './components/OfferCard';

jest.mock('./api/getApplicationOffer', () => ({ getApplicationOffer: jest.fn() }));
jest.mock('./api/answerOffer', () => ({ answerOffer: jest.fn() }));
jest.mock('./api/downloadLetter', () => ({ downloadLetter: jest.fn() }));

const getOffer = getApplicationOffer as jest.MockedFunction<typeof getApplicationOffer>;
const answer = answerOffer as jest.MockedFunction<typeof answerOffer>;
const download = downloadLetter as jest.MockedFunction<typeof downloadLetter>;

const REPLY_BY = '2099-01-24T08:00:00.000Z';
function offerOf(state: 'OPEN' | 'ACCEPTED' | 'DECLINED' | 'LAPSED' = 'OPEN', replyBy = REPLY_BY): ApplicationOffer {
  return {
    offer: {
      id: 31,
      applicationId: 5,
      programId: 11,
      programName: 'Computer Science',
      type: 'CONDITIONAL',
      conditions: 'A credit in Mathematics at Grade 12',
      replyBy,
      state,
      createdAt: '2098-12-01T08:00:00.000Z',
      answeredAt: null,
    },
    letters: [{ id: 8, kind: 'OFFER', code: 'ABCDE-FGHJK-MNPQR-STVWX', url: '/api/letters/8', createdAt: '2098-12-01T08:00:00.000Z' }],
  };
}

const show = () => renderAt(<OfferCard applicationId={5} />, { path: '/applications/:applicationId', url: '/applications/5' });

beforeEach(() => {
  jest.resetAllMocks();
  signIn();
});

test('shows the program, the conditions and the deadline in Lusaka time, with Accept and Decline', async () => {
  getOffer.mockResolvedValue(offerOf());
  show();
  expect(await screen.findByRole('heading', { name: 'Offer of a place' })).toBeInTheDocument();
  expect(screen.getByText('Computer Science')).toBeInTheDocument();
  expect(screen.getByText('Conditional')).toBeInTheDocument();
  expect(screen.getByText('A credit in Mathematics at Grade 12')).toBeInTheDocument();
  // 08:00 UTC is 10:00 in Lusaka.
  expect(screen.getByText('24 Jan 2099, 10:00 (Lusaka time)')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Accept offer' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Decline offer' })).toBeEnabled();
  expect(screen.getByText('Verification code: ABCDE-FGHJK-MNPQR-STVWX')).toBeInTheDocument();
});

test('accepting asks first; cancelling sends nothing, confirming accepts and shows the answer', async () => {
  getOffer.mockResolvedValue(offerOf());
  answer.mockResolvedValue(offerOf('ACCEPTED'));
  show();
  fireEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
  expect(within(dialog).getByText(/Any other open offer of yours in the same intake will be declined/)).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(answer).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Accept offer' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Accept this offer?' })).getByRole('button', { name: 'Yes, accept the offer' }));
  await waitFor(() => expect(answer).toHaveBeenCalledWith(31, 'accept'));
  await screen.findByText('You accepted this offer');
  expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
});

test('declining asks first, then declines', async () => {
  getOffer.mockResolvedValue(offerOf());
  answer.mockResolvedValue(offerOf('DECLINED'));
  show();
  fireEvent.click(await screen.findByRole('button', { name: 'Decline offer' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Decline this offer?' })).getByRole('button', { name: 'Yes, decline the offer' }));
  await waitFor(() => expect(answer).toHaveBeenCalledWith(31, 'decline'));
  await screen.findByText('This offer was declined');
});

test("the server's refusal (lapsed meanwhile) is shown in words", async () => {
  getOffer.mockResolvedValue(offerOf());
  answer.mockRejectedValue(httpError(409, { message: 'This offer has lapsed: its reply deadline has passed.' }));
  show();
  fireEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, accept the offer' }));
  await screen.findByText('This offer has lapsed: its reply deadline has passed.');
});

test('a lapsed offer has no buttons to answer, and says why', async () => {
  getOffer.mockResolvedValue(offerOf('OPEN', '2001-01-01T08:00:00.000Z'));
  show();
  await screen.findByText('This offer lapsed: it was not answered by its deadline');
  expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Decline offer' })).not.toBeInTheDocument();
});

test('downloads the letter', async () => {
  getOffer.mockResolvedValue(offerOf('ACCEPTED'));
  download.mockResolvedValue(new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
  const created = jest.fn(() => 'blob:letter');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
  show();
  fireEvent.click(await screen.findByRole('button', { name: 'Download offer letter (PDF)' }));
  await waitFor(() => expect(download).toHaveBeenCalledWith('/api/letters/8'));
  await waitFor(() => expect(created).toHaveBeenCalled());
});

test('nothing shows when there is no offer and no letter', async () => {
  getOffer.mockResolvedValue({ offer: null, letters: [] });
  const { container } = show();
  await waitFor(() => expect(getOffer).toHaveBeenCalled());
  expect(container.querySelector('section')).toBeNull();
});
