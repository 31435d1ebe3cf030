import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, draftsApi, filesApi, intakesApi, type Application } from 'shared-api';
import { LOGOUT_EVENT } from 'shared-auth';
import { DRAFT_KEY } from '../../lib/application-draft';
import { COMPLETE_VIEW_WAIT_MS } from 'shared-api/complete-view';
import { createMemoryFileStore, getFileStore, setFileStore } from '../../lib/file-store';
import { httpError, renderAt, signIn, signOut } from '../../test-utils';
import { getApplicationOffer } from './api/getApplicationOffer';
import { ApplicationDetail } from './components/ApplicationDetail';
import { ApplicationsList } from './components/ApplicationsList';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  applicationsApi: { ofUser: jest.fn(), get: jest.fn() },
  filesApi: { download: jest.fn() },
  universitiesApi: { get: jest.fn(() => Promise.resolve({ id: 3, name: 'University of Zambia' })) },
  intakesApi: { ofUniversity: jest.fn(() => Promise.resolve([])) },
  draftsApi: { get: jest.fn(), remove: jest.fn(() => Promise.resolve()) },
}));

jest.mock('./api/getApplicationOffer', () => ({ getApplicationOffer: jest.fn(() => Promise.resolve({ offer: null, letters: [] })) }));

jest.mock('./components/DocumentLightbox', () => ({
  __esModule: true,
  default: ({ slides, index }: { slides: { src: string; title: string }[]; index: number }) => (
    <div role="dialog" aria-label="Document viewer">
      {slides[index].title} {slides[index].src}
    </div>
  ),
}));

function app(id: number, overrides: Partial<Application> = {}): Application {
  const date = new Date(Date.UTC(2026, 0, id)).toISOString();
  return {
    id,
    status: 'PENDING',
    fullName: 'Ada Banda',
    applicantName: 'Ada Banda',
    gender: 'Female',
    email: 'ada@example.com',
    phoneNumber: '0971234567',
    dateOfBirth: '2004-05-06',
    nationality: 'Zambian',
    provice: 'Lusaka',
    province: 'Lusaka',
    country: 'Zambia',
    city: 'Lusaka',
    applicationDate: date,
    createdAt: date,
    submittedAt: date,
    lastUpdated: date,
    highestQualification: 'Grade 12',
    institutionAttended: 'Kitwe Boys (Copperbelt)',
    submissionDetails: null,
    programNotes: null,
    reviewNotes: null,
    universityId: 3,
    university: { id: 3, name: `University ${id}` },
    programId: 11,
    program: { id: 11, name: `Program ${id}`, duration: '4 years' },
    programChoices: [],
    paid: false,
    payment: null,
    user: { id: 7, fullName: 'Ada Banda', email: 'ada@example.com', phone: null },
    files: [],
    history: [],
    ...overrides,
  };
}

beforeEach(() => {
  signIn();
  setFileStore(createMemoryFileStore());
  jest.useRealTimers();
});

describe('my applications', () => {
  it('lists newest first, 5 per page, with Prev, Next and Page X out of Y', async () => {
    const user = userEvent.setup();
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([1, 2, 3, 4, 5, 6, 7].map((id) => app(id)));
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await screen.findByText('Page 1 out of 2');
    expect(applicationsApi.ofUser).toHaveBeenCalledWith(7, { skipLogoutOn401: true });
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['University 7', 'University 6', 'University 5', 'University 4', 'University 3']);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 out of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['University 2', 'University 1']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Program 2')).toBeInTheDocument();
  });

  it('shows status badges in the applicant colours, payment badges, and Pay Fee only where a fee is still owed', async () => {
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([
      app(1, { status: 'SUBMITTED' }),
      app(2, { status: 'REJECTED' }),
      app(3, { status: 'PENDING' }),
      app(4, {
        status: 'PENDING_REVIEW',
        paid: true,
        payment: { reference: 'r', amount: 150.75, currency: 'ZMW', status: 'successful', channel: 'card', paidAt: null, awaitingProvider: false, failureReason: null },
      }),
      app(5, { status: 'APPROVED' }),
    ]);
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    const colour = (label: string) => screen.getByText(label).closest('[data-colour]')?.getAttribute('data-colour');
    await screen.findByText('Submitted');
    expect(colour('Submitted')).toBe('yellow');
    expect(colour('Rejected')).toBe('red');
    expect(colour('Pending')).toBe('blue');
    expect(colour('Pending Review')).toBe('blue');
    expect(colour('Approved')).toBe('green');
    const card = (id: number) => screen.getByRole('heading', { name: `University ${id}` }).closest('li') as HTMLElement;
    expect(within(card(4)).getByText('Successful')).toBeInTheDocument();
    expect(within(card(1)).getByRole('button', { name: 'Pay Fee' })).toBeInTheDocument();
    expect(within(card(3)).getByRole('button', { name: 'Pay Fee' })).toBeInTheDocument();
    // Decided (or paid): no fee is asked for.
    for (const id of [2, 4, 5]) expect(within(card(id)).queryByRole('button', { name: 'Pay Fee' })).toBeNull();
    expect(within(card(2)).queryByText('ZMW 150.75')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Pay Fee' })).toHaveLength(2);
  });

  it('shows a payment under way as pending with Check again, and a failed one in red with its reason', async () => {
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([
      app(1, { payment: { reference: 'APP-1-A', amount: 150.75, currency: 'ZMW', status: 'pending', channel: 'mobile-money', paidAt: null, awaitingProvider: true, failureReason: null } }),
      app(2, {
        payment: { reference: 'APP-2-B', amount: 150.75, currency: 'ZMW', status: 'failed', channel: 'mobile-money', paidAt: null, awaitingProvider: false, failureReason: 'Insufficient funds' },
      }),
    ]);
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    const card = async (id: number) => (await screen.findByRole('heading', { name: `University ${id}` })).closest('li') as HTMLElement;
    const pending = await card(1);
    expect(within(pending).getByText('Payment Pending — we are waiting for confirmation from your mobile money provider')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: 'Pay Fee' })).toBeNull();
    const failed = await card(2);
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Insufficient funds')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the empty state with Browse Universities', async () => {
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    expect(await screen.findByRole('link', { name: 'Browse Universities' })).toHaveAttribute('href', '/dashboard');
  });

  it('on 401 says the session expired and asks for logout after 2 seconds', async () => {
    const onLogout = jest.fn();
    window.addEventListener(LOGOUT_EVENT, onLogout);
    (applicationsApi.ofUser as jest.Mock).mockRejectedValue(httpError(401));
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await screen.findByText('Your session has expired. Please log in again.');
    expect(onLogout).not.toHaveBeenCalled();
    await waitFor(() => expect(onLogout).toHaveBeenCalled(), { timeout: 3000 });
    window.removeEventListener(LOGOUT_EVENT, onLogout);
  });

  it('reports other failures with the status', async () => {
    (applicationsApi.ofUser as jest.Mock).mockRejectedValue(httpError(500));
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await screen.findByText('Failed to fetch user applications: 500');
  });

  it('says the user is not authenticated without a session', () => {
    signOut();
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    expect(screen.getByText('User not authenticated')).toBeInTheDocument();
  });

  it('offers Resume Application and Start Over for a saved draft', async () => {
    const user = userEvent.setup();
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ userId: 7, universityId: 3, fullName: 'Ada Banda', step: 2 }));
    await getFileStore().put('NRC_FRONT', new File(['x'], 'a.png', { type: 'image/png' }));
    const view = renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    expect(await screen.findByRole('heading', { name: 'Continue Application' })).toBeInTheDocument();
    // The card names the university the draft is for.
    expect(screen.getByText(/unfinished application to University of Zambia for Ada Banda \(step 2 of 4\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, start over' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Continue Application' })).toBeNull());
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(await getFileStore().getAll()).toEqual({});
    view.unmount();

    // Only the IndexedDB copy is left (a new sign-in cleared local storage): the card still offers it.
    await getFileStore().putDraft({ userId: 7, universityId: 3, step: 2 });
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await user.click(await screen.findByRole('button', { name: 'Resume Application' }));
    expect(screen.getByText('Now at /apply/3')).toBeInTheDocument();
  });
});

describe('an application sent offline from a wizard since closed', () => {
  it('says on the card that it waits to be sent, for its applicant and university only', async () => {
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ userId: 7, universityId: 3, fullName: 'Ada Banda', step: 4 }));
    const waiting = 'You pressed Submit while offline: the application is sent when you resume it with a connection.';
    await getFileStore().putRecord('submit-pending', { userId: 7, universityId: 3 });
    const view = renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await screen.findByText(waiting);
    view.unmount();

    // Kept for another university: not this draft's.
    await getFileStore().putRecord('submit-pending', { userId: 7, universityId: 4 });
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await screen.findByText(/unfinished application to University of Zambia/);
    expect(screen.queryByText(waiting)).toBeNull();
  });
});

describe('a draft saved on another device', () => {
  it('offers the server copy when this device has none, and goes to the wizard to resume it', async () => {
    const user = userEvent.setup();
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
    (draftsApi.get as jest.Mock).mockResolvedValue({ draft: { universityId: 3, fullName: 'Ada Banda', step: 3 }, files: [], updatedAt: '2026-11-25T10:00:00.000Z' });
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await screen.findByText(/unfinished application to University of Zambia for Ada Banda \(step 3 of 4\)/);
    await user.click(screen.getByRole('button', { name: 'Resume Application' }));
    expect(screen.getByText('Now at /apply/3')).toBeInTheDocument();
  });

  it('shows the list once the card is known, so the card never pushes the list down under a tap', async () => {
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([app(1)]);
    let answerDraft: (draft: unknown) => void = () => undefined;
    (draftsApi.get as jest.Mock).mockReturnValueOnce(new Promise((resolve) => (answerDraft = resolve)));
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await waitFor(() => expect(draftsApi.get).toHaveBeenCalled());
    await waitFor(() => expect(applicationsApi.ofUser).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(screen.queryByRole('link', { name: 'View details of application 1' })).toBeNull();

    answerDraft({ draft: { universityId: 3, fullName: 'Ada Banda', step: 3 }, files: [], updatedAt: '2026-11-25T10:00:00.000Z' });
    expect(await screen.findByRole('link', { name: 'View details of application 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Continue Application' })).toBeInTheDocument();
  });

  it('shows no card when the server has no draft either', async () => {
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
    (draftsApi.get as jest.Mock).mockRejectedValue(Object.assign(new Error('Not Found'), { name: 'HTTPError', response: { status: 404 } }));
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await waitFor(() => expect(draftsApi.get).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Continue Application' })).toBeNull();
  });
});

describe('the draft card and the deadline', () => {
  /** An open intake of university 3 that closes `closesInMs` (and a minute) from now. */
  const openIntake = (closesInMs: number) => ({
    id: 4,
    universityId: 3,
    name: '2027 January intake',
    opensAt: '2027-01-01T06:00:00.000Z',
    closesAt: new Date(Date.now() + closesInMs + 60_000).toISOString(),
    state: 'OPEN',
    programs: [],
    fees: [],
  });

  it('counts down to the close of the open intake of the draft university', async () => {
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValueOnce([openIntake(5 * 3_600_000)]);
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ userId: 7, universityId: 3, fullName: 'Ada Banda', step: 2 }));
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await screen.findByText('2027 January intake');
    expect(screen.getByText('Closes in 5 hours')).toBeInTheDocument();
    expect(intakesApi.ofUniversity).toHaveBeenCalledWith(3);
    localStorage.removeItem(DRAFT_KEY);
  });

  // A card that grew as its answers arrived moved Resume down under a finger about to tap it:
  // the tap landed on the deadline that moved in, and nothing happened (issue 20's loaded e2e run).
  it('appears whole, its deadline and university in it, so Resume does not move under a tap', async () => {
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
    let answerIntakes: (intakes: unknown[]) => void = () => undefined;
    (intakesApi.ofUniversity as jest.Mock).mockReturnValueOnce(new Promise((resolve) => (answerIntakes = resolve)));
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ userId: 7, universityId: 3, fullName: 'Ada Banda', step: 2 }));
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await waitFor(() => expect(intakesApi.ofUniversity).toHaveBeenCalledWith(3));
    await waitFor(() => expect(applicationsApi.ofUser).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(screen.queryByRole('heading', { name: 'Continue Application' })).toBeNull();

    answerIntakes([openIntake(5 * 3_600_000)]);
    const card = (await screen.findByRole('heading', { name: 'Continue Application' })).closest('.MuiCard-root') as HTMLElement;
    // Everything the card says is there the moment it is.
    expect(within(card).getByText('2027 January intake')).toBeInTheDocument();
    expect(within(card).getByText(/unfinished application to University of Zambia for Ada Banda/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Resume Application' })).toBeInTheDocument();
    localStorage.removeItem(DRAFT_KEY);
  });

  it('appears without its deadline after a short wait when the network stalls', async () => {
    jest.useFakeTimers();
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
    (intakesApi.ofUniversity as jest.Mock).mockReturnValueOnce(new Promise(() => undefined));
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ userId: 7, universityId: 3, fullName: 'Ada Banda', step: 2 }));
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    await act(() => jest.advanceTimersByTimeAsync(COMPLETE_VIEW_WAIT_MS - 100));
    expect(screen.queryByRole('heading', { name: 'Continue Application' })).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('heading', { name: 'Continue Application' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume Application' })).toBeInTheDocument();
    expect(screen.queryByText('2027 January intake')).toBeNull();
    localStorage.removeItem(DRAFT_KEY);
  });
});

describe('application detail', () => {
  const detailed = app(5, {
    status: 'REJECTED',
    reviewNotes: null,
    programChoices: [
      { id: 2, priority: 2, programId: 12, programName: 'Law', program: { id: 12, name: 'Law', duration: '4 years', durationYears: 4, university: { id: 3, name: 'UNZA' } } },
      { id: 1, priority: 1, programId: 11, programName: 'Medicine', program: { id: 11, name: 'Medicine', duration: '7 years', durationYears: 7, university: { id: 3, name: 'UNZA' } } },
    ],
    files: [
      { id: 1, fileName: 'front.png', fileType: 'image/png', documentType: 'NRC_FRONT', size: 2048, url: '/api/files/1', status: 'PENDING', reason: null },
      { id: 2, fileName: 'results.pdf', fileType: 'application/pdf', documentType: 'ACADEMIC_RESULTS', size: 4096, url: '/api/files/2', status: 'PENDING', reason: null },
    ],
    history: [{ id: 1, at: '2026-01-05T10:00:00Z', kind: 'STATUS', from: 'PENDING', to: 'REJECTED', note: 'Incomplete results', actor: { id: 2, name: 'Registrar', role: 'ADMIN' } }],
  });

  it('says an application that does not exist is not found, with a way to My Applications', async () => {
    (applicationsApi.get as jest.Mock).mockRejectedValueOnce(httpError(404, { message: 'Application not found' }));
    renderAt(<ApplicationDetail />, { path: '/applications/:applicationId', url: '/applications/99999' });
    expect(await screen.findByRole('heading', { name: 'Application not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Applications' })).toHaveAttribute('href', '/applications');
  });

  // The offer card arrives by its own request above the choices and the documents: they used to be
  // pushed down by it under a tap on View or Download.
  it('shows the choices and documents once the offer card is known', async () => {
    (applicationsApi.get as jest.Mock).mockResolvedValue(detailed);
    let answerOffer: (offer: unknown) => void = () => undefined;
    (getApplicationOffer as jest.Mock).mockReturnValueOnce(new Promise((resolve) => (answerOffer = resolve)));
    renderAt(<ApplicationDetail />, { path: '/applications/:applicationId', url: '/applications/5' });
    expect(await screen.findByRole('heading', { name: 'University 5' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Program choices' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^View / })).toBeNull();

    answerOffer({ offer: null, letters: [{ id: 8, kind: 'DECLINE', code: 'ABCDE-FGHJK-MNPQR-STVWX', url: '/api/letters/8', createdAt: '2026-01-06T08:00:00.000Z' }] });
    expect(await screen.findByRole('heading', { name: 'Program choices' })).toBeInTheDocument();
    expect(screen.getByText('Verification code: ABCDE-FGHJK-MNPQR-STVWX')).toBeInTheDocument();
  });

  it('shows the fields, choices by priority with years, the review line, history and documents', async () => {
    const user = userEvent.setup();
    (applicationsApi.get as jest.Mock).mockResolvedValue(detailed);
    (filesApi.download as jest.Mock).mockResolvedValue(new Blob(['x'], { type: 'image/png' }));
    URL.createObjectURL = jest.fn(() => 'blob:doc');
    URL.revokeObjectURL = jest.fn();
    renderAt(<ApplicationDetail />, { path: '/applications/:applicationId', url: '/applications/5' });
    expect(await screen.findByRole('heading', { name: 'University 5' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Program choices' });
    expect(applicationsApi.get).toHaveBeenCalledWith('5');
    const choices = screen.getAllByText(/^\d\. /).map((n) => n.textContent);
    expect(choices).toEqual(['1. Medicine', '2. Law']);
    expect(screen.getByText('Duration: 7 years')).toBeInTheDocument();
    expect(screen.getByText('Application Rejected')).toBeInTheDocument();
    expect(screen.getByText('Status changed from Pending to Rejected')).toBeInTheDocument();
    expect(screen.getByText('Kitwe Boys (Copperbelt)')).toBeInTheDocument();
    // A rejected application owes no fee: it is never asked for one.
    expect(screen.queryByRole('button', { name: 'Pay Fee' })).toBeNull();
    expect(screen.getByText('Not Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View results.pdf' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View front.png' }));
    expect(await screen.findByRole('dialog', { name: 'Document viewer' })).toHaveTextContent('NRC front or passport blob:doc');
    expect(filesApi.download).toHaveBeenCalledWith('/api/files/1');
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Download results.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(filesApi.download).toHaveBeenCalledWith('/api/files/2');
    click.mockRestore();
  });

  it('shows review notes when present and Review in Progress otherwise', async () => {
    (applicationsApi.get as jest.Mock).mockResolvedValueOnce({ ...detailed, status: 'APPROVED', reviewNotes: 'Welcome aboard' });
    const first = renderAt(<ApplicationDetail />, { path: '/applications/:applicationId', url: '/applications/5' });
    await screen.findByText('Welcome aboard');
    first.unmount();
    (applicationsApi.get as jest.Mock).mockResolvedValueOnce({ ...detailed, status: 'PENDING_REVIEW', reviewNotes: null });
    renderAt(<ApplicationDetail />, { path: '/applications/:applicationId', url: '/applications/5' });
    await screen.findByText('Review in Progress');
  });
});
