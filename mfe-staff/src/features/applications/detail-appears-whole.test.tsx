/**
 * The staff application detail below its header appears whole: the offer, the receipt, the
 * files and the notes each load on their own, and arriving one by one they pushed Copy email,
 * Verify and Reject, and Add note down just as staff tapped them.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { applicationsApi, filesApi, type ApplicationOffer, type ReviewerNote } from 'shared-api';
import { COMPLETE_VIEW_WAIT_MS } from 'shared-api/complete-view';
import { renderPage, signIn } from '../../testing/render';
import { getApplicationOffer } from './api/getApplicationOffer';
import { makeApplication, makeOffer } from './fixtures';
import { ApplicationDetail } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, applicationsApi: { get: jest.fn(), update: jest.fn(), notes: jest.fn(), addNote: jest.fn(), reviewDocument: jest.fn() }, filesApi: { download: jest.fn() } };
});
jest.mock('./api/getApplicationOffer', () => ({ getApplicationOffer: jest.fn() }));
jest.mock('./api/listAssignees', () => ({ listAssignees: jest.fn(async () => []) }));

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
const files = filesApi as jest.Mocked<typeof filesApi>;
const offerOf = getApplicationOffer as jest.MockedFunction<typeof getApplicationOffer>;

const OFFER = makeOffer();
const NOTE: ReviewerNote = { id: 1, at: '2026-11-03T08:30:00.000Z', text: 'Results need a second look', author: { id: 5, name: 'Mutinta Registrar' } };
const FRONT = { id: 1, fileName: 'front.png', fileType: 'image/png', documentType: 'NRC_FRONT', size: 10, url: '/api/files/1', status: 'PENDING', reason: null } as const;

beforeEach(() => {
  jest.resetAllMocks();
  files.download.mockImplementation(async () => new Blob(['x'], { type: 'image/png' }));
  api.notes.mockResolvedValue([NOTE]);
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:image/png'), revokeObjectURL: jest.fn() });
});
afterEach(() => jest.useRealTimers());

const show = () => renderPage(<ApplicationDetail />, { path: '/applications/:id', route: '/applications/1' });

/** Lets every answer already given reach the screen. */
const answersIn = () => act(() => Promise.resolve());

describe('the application detail appears whole', () => {
  it('shows the sections once the offer is in, so it never pushes Copy email down under a tap', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'OFFERED', paid: false, payment: null, files: [FRONT] }));
    let answerOffer: (offer: ApplicationOffer) => void = () => undefined;
    offerOf.mockReturnValueOnce(new Promise((resolve) => (answerOffer = resolve)));
    show();
    expect(await screen.findByRole('heading', { name: 'Applicant 1' })).toBeInTheDocument();
    await waitFor(() => expect(api.notes).toHaveBeenCalled());
    await waitFor(() => expect(files.download).toHaveBeenCalledWith('/api/files/1'));
    await answersIn();
    expect(screen.queryByRole('button', { name: 'Copy email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open NRC front or passport' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading application...');

    answerOffer(OFFER);
    const offer = await screen.findByRole('region', { name: 'Offer and Letters' });
    expect(within(offer).getByRole('button', { name: 'Download offer letter (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy phone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open NRC front or passport' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add note' })).toBeInTheDocument();
  });

  it('shows the sections once the notes are in, with the New note form under the list rather than pushed by it', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW', paid: false, payment: null, files: [FRONT] }));
    let answerNotes: (notes: ReviewerNote[]) => void = () => undefined;
    api.notes.mockReturnValueOnce(new Promise((resolve) => (answerNotes = resolve)));
    show();
    expect(await screen.findByRole('heading', { name: 'Applicant 1' })).toBeInTheDocument();
    await waitFor(() => expect(files.download).toHaveBeenCalledWith('/api/files/1'));
    await answersIn();
    // The decisions are above everything that loads, so they show at once.
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify NRC front or passport' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();

    answerNotes([NOTE]);
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(within(notes).getByRole('list', { name: 'Reviewer notes' })).toHaveTextContent('Results need a second look');
    expect(within(notes).getByRole('textbox', { name: 'New note' })).toBeInTheDocument();
    expect(within(notes).getByRole('button', { name: 'Add note' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify NRC front or passport' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject NRC front or passport' })).toBeInTheDocument();
  });

  it('shows the sections after a short wait when the network stalls, the notes still waiting for their list', async () => {
    jest.useFakeTimers();
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW', paid: false, payment: null }));
    api.notes.mockReturnValueOnce(new Promise(() => undefined));
    show();
    // The application itself is in at once; the wait starts then.
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Applicant 1' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(COMPLETE_VIEW_WAIT_MS - 100));
    expect(screen.queryByRole('button', { name: 'Copy email' })).toBeNull();

    await act(() => jest.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('button', { name: 'Copy email' })).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByRole('status')).toHaveTextContent('Loading notes...');
    expect(within(notes).queryByRole('button', { name: 'Add note' })).toBeNull();
  });
});
