/**
 * Drafts that follow the applicant (issue 16): the wizard copies its draft to
 * the server at a measured pace (fake timers: at most one save per interval,
 * none when nothing changed, longer waits while offline), uploads a chosen
 * document once, resumes a newer draft from another device with a notice,
 * and does not send again at submission what the server's draft holds.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { applicationsApi, draftsApi, programsApi, universitiesApi, type Draft, type Program } from 'shared-api';
import { DRAFT_ENDED_ELSEWHERE } from 'shared-api/draft-texts';
import { DRAFT_KEY, DRAFT_SYNC_KEY as SYNC_KEY, emptyDraft, loadDraft } from '../../lib/application-draft';
import { createMemoryFileStore, getFileStore, setFileStore } from '../../lib/file-store';
import { applicant, httpError, renderAt, signIn } from '../../test-utils';
import { ApplicationWizard } from './components/ApplicationWizard';
import { SAVE_INTERVAL_MS } from './hooks/useServerDraft';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  universitiesApi: { get: jest.fn() },
  programsApi: { ofUniversity: jest.fn() },
  applicationsApi: { submit: jest.fn(), ofUser: jest.fn() },
  draftsApi: { get: jest.fn(), save: jest.fn(), putFile: jest.fn(), removeFile: jest.fn(), remove: jest.fn(), downloadFile: jest.fn() },
}));

const PROGRAMS = [{ id: 11, _id: 11, name: 'Computer Science', description: '', duration: '4 years', durationYears: 4, requirements: null, careerOpportunities: null, universityId: 3 }] as Program[];
const get = draftsApi.get as jest.Mock;
const save = draftsApi.save as jest.Mock;
const putFile = draftsApi.putFile as jest.Mock;

const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

const serverDraft = (over: Partial<Draft> = {}): Draft => ({ draft: {}, files: [], updatedAt: '2026-03-02T08:30:00.000Z', ...over });
const complete = {
  universityId: 3,
  programIds: [11],
  fullName: 'Ada Banda',
  gender: 'Female',
  email: 'ada@example.com',
  phone: '0971234567',
  nationality: 'Zambian',
  dateOfBirth: '2004-05-06',
  city: 'Lusaka',
  country: 'Zambia',
  qualification: 'Grade 12',
  institution: 'Kitwe Boys',
  submissionDetails: '',
  nationalRegNumber: '123456/10/1',
  province: 'Lusaka',
  programNotes: '',
  schoolProvince: 'Copperbelt',
  grade12Results: [
    { subject: 'English Language' as const, grade: 3 },
    { subject: 'Mathematics' as const, grade: 1 },
    { subject: 'Biology' as const, grade: 2 },
    { subject: 'Chemistry' as const, grade: 3 },
    { subject: 'Physics' as const, grade: 4 },
  ],
};

async function openWizard() {
  renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
  await screen.findByRole('heading', { level: 1, name: /^Apply/ });
  await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
  // Let the comparison with the server finish.
  await act(async () => {
    await Promise.resolve();
  });
}

/** A complete draft at its last step with its four documents on the server, restored into a new wizard; answers a submission. */
async function openRestoredAtReview() {
  const types = ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'] as const;
  get.mockResolvedValue(
    serverDraft({
      draft: { ...complete, step: 4 },
      files: types.map((documentType) => ({ documentType, fileName: `${documentType.toLowerCase()}.pdf`, fileType: 'application/pdf', size: 8 })),
    }),
  );
  (draftsApi.downloadFile as jest.Mock).mockImplementation(async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
  (applicationsApi.submit as jest.Mock).mockResolvedValue({ json: () => Promise.resolve({ id: 99, message: 'Application submitted successfully' }) });
  await openWizard();
  await screen.findByText(/We restored your draft/);
  return types;
}

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  setFileStore(createMemoryFileStore());
  signIn();
  (universitiesApi.get as jest.Mock).mockResolvedValue({ id: 3, name: 'University of Zambia' });
  (programsApi.ofUniversity as jest.Mock).mockResolvedValue(PROGRAMS);
  (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
  (applicationsApi.submit as jest.Mock).mockReset();
  for (const fn of Object.values(draftsApi)) (fn as jest.Mock).mockReset();
  get.mockRejectedValue(httpError(404));
  let version = 0;
  save.mockImplementation(async ({ updatedAt: _seen, ...body }: Draft['draft'] & { updatedAt: string | null }) =>
    serverDraft({ updatedAt: new Date(Date.UTC(2026, 2, 2, 9, 0, ++version)).toISOString(), draft: body }),
  );
  putFile.mockImplementation(async () => serverDraft({ files: [{ documentType: 'NRC_FRONT', fileName: 'front.png', fileType: 'image/png', size: 8 }] }));
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the draft on the server', () => {
  it('saves at most once per interval, only when something changed', async () => {
    await openWizard();
    await advance(10_000);
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'L' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lu' } });
    await advance(SAVE_INTERVAL_MS - 500);
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lusaka' } });
    await advance(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0]).toMatchObject({ city: 'Lusaka', universityId: 3, updatedAt: null });
    expect(save.mock.calls[0][0]).not.toHaveProperty('userId');

    // Typing on: the next save waits for the interval and carries the latest text.
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lusaka E' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lusaka East' } });
    await advance(1000);
    expect(save).toHaveBeenCalledTimes(1);
    await advance(SAVE_INTERVAL_MS);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1][0]).toMatchObject({ city: 'Lusaka East', updatedAt: '2026-03-02T09:00:01.000Z' });

    // Nothing changed since: no request, however long.
    await advance(60_000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('sends what waits for its turn at once when the page is hidden, in a request that outlives the page', async () => {
    const setVisibility = (state: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    try {
      await openWizard();
      fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lusaka' } });
      await advance(SAVE_INTERVAL_MS);
      expect(save).toHaveBeenCalledTimes(1);

      // Typed, then the phone locked a second later: no waiting for the interval.
      fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Livingstone' } });
      await advance(1000);
      expect(save).toHaveBeenCalledTimes(1);
      setVisibility('hidden');
      await act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
        await Promise.resolve();
      });
      expect(save).toHaveBeenCalledTimes(2);
      expect(save.mock.calls[1][0]).toMatchObject({ city: 'Livingstone' });
      expect(save.mock.calls[1][1]).toEqual({ keepalive: true });

      // Nothing left to send: neither the page coming back nor going away again sends anything.
      setVisibility('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('pagehide'));
      await advance(60_000);
      expect(save).toHaveBeenCalledTimes(2);

      // Closing the tab (pagehide) while a change waits sends it too.
      fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Mongu' } });
      await act(async () => {
        window.dispatchEvent(new Event('pagehide'));
        await Promise.resolve();
      });
      expect(save).toHaveBeenCalledTimes(3);
      expect(save.mock.calls[2][0]).toMatchObject({ city: 'Mongu' });
    } finally {
      setVisibility('visible');
    }
  });

  it('sends what was typed while a save was on its way the moment that save returns, when the page is hidden meanwhile', async () => {
    const setVisibility = (state: DocumentVisibilityState) => Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    const answered = save.getMockImplementation()!;
    let answer: () => void = () => undefined;
    try {
      await openWizard();
      // A slow connection: the first save takes its time.
      save.mockImplementationOnce((...args: Parameters<typeof answered>) => new Promise((resolve) => (answer = () => resolve(answered(...args)))));
      fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lusaka' } });
      await advance(SAVE_INTERVAL_MS);
      expect(save).toHaveBeenCalledTimes(1);
      expect(save.mock.calls[0][1]).toEqual({ keepalive: true });

      // Typed while it is on its way, then the phone locked: no waiting for the interval once it returns.
      fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Livingstone' } });
      await advance(500);
      setVisibility('hidden');
      await act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
        await Promise.resolve();
      });
      expect(save).toHaveBeenCalledTimes(1);
      await act(async () => {
        answer();
        await Promise.resolve();
      });
      await advance(0);
      expect(save).toHaveBeenCalledTimes(2);
      expect(save.mock.calls[1][0]).toMatchObject({ city: 'Livingstone', updatedAt: '2026-03-02T09:00:01.000Z' });
      expect(save.mock.calls[1][1]).toEqual({ keepalive: true });

      await advance(60_000);
      expect(save).toHaveBeenCalledTimes(2);
    } finally {
      setVisibility('visible');
    }
  });

  it('saves over a copy another device saved meanwhile, again in a request that outlives the page', async () => {
    await openWizard();
    save.mockRejectedValueOnce(httpError(409));
    get.mockResolvedValueOnce(serverDraft({ updatedAt: '2026-03-02T10:00:00.000Z', draft: { city: 'Kitwe' } }));
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lusaka' } });
    await advance(SAVE_INTERVAL_MS);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1][0]).toMatchObject({ city: 'Lusaka', updatedAt: '2026-03-02T10:00:00.000Z' });
    expect(save.mock.calls[1][1]).toEqual({ keepalive: true });
  });

  it('does not bring back a draft Start Over or Submit ended in another tab: saving stops until the applicant keeps this copy', async () => {
    await openWizard();
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lusaka' } });
    await advance(SAVE_INTERVAL_MS);
    expect(save).toHaveBeenCalledTimes(1);
    // Start Over on the Continue Application card of another tab deleted the draft on the server.
    save.mockRejectedValueOnce(httpError(409, { message: DRAFT_ENDED_ELSEWHERE }));
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Kitwe' } });
    await advance(SAVE_INTERVAL_MS);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1][0]).toMatchObject({ city: 'Kitwe', updatedAt: '2026-03-02T09:00:01.000Z' });
    expect(await screen.findByText(/This draft was deleted \(Start Over\) or sent as an application on another device or tab/)).toBeInTheDocument();
    // Typing on saves nothing, however long: the applicant has not said whether to keep it.
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Kitwe Central' } });
    await advance(60_000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText(/^City/)).toHaveValue('Kitwe Central');

    fireEvent.click(screen.getByRole('button', { name: 'Keep this copy' }));
    await advance(SAVE_INTERVAL_MS);
    expect(save).toHaveBeenCalledTimes(3);
    expect(save.mock.calls[2][0]).toMatchObject({ city: 'Kitwe Central', updatedAt: null });
    expect(screen.queryByText(/This draft was deleted/)).not.toBeInTheDocument();
  });

  it('deletes this copy too when the applicant says so, and leaves for My Applications', async () => {
    await openWizard();
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lusaka' } });
    await advance(SAVE_INTERVAL_MS);
    save.mockRejectedValueOnce(httpError(409, { message: DRAFT_ENDED_ELSEWHERE }));
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Kitwe' } });
    await advance(SAVE_INTERVAL_MS);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this copy too' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: /^Apply/ })).not.toBeInTheDocument());
    expect(loadDraft()).toBeNull();
    await advance(60_000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('does not bring back an ended draft with a document either: the fields go first, naming the version', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...emptyDraft(complete), userId: applicant.id, step: 3 }));
    await openWizard();
    const front = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'front.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText(/Choose NRC front or passport/), { target: { files: [front] } });
    await advance(SAVE_INTERVAL_MS);
    await waitFor(() => expect(putFile).toHaveBeenCalledTimes(1));
    const savesBefore = save.mock.calls.length;
    // The application was sent from another tab; this one chooses the back of the NRC.
    save.mockRejectedValueOnce(httpError(409, { message: DRAFT_ENDED_ELSEWHERE }));
    const back = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'back.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(/Choose NRC back/), { target: { files: [back] } });
    await advance(SAVE_INTERVAL_MS);
    await screen.findByText(/This draft was deleted/);
    expect(save).toHaveBeenCalledTimes(savesBefore + 1);
    expect(save.mock.calls[savesBefore][0].updatedAt).not.toBeNull();
    await advance(60_000);
    expect(putFile).toHaveBeenCalledTimes(1);
  });

  it('backs off while offline instead of retrying in a loop', async () => {
    save.mockRejectedValue(new TypeError('Failed to fetch'));
    await openWizard();
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Ndola' } });
    await advance(20_000);
    expect(save.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(save.mock.calls.length).toBeLessThanOrEqual(2);
    await advance(60_000);
    expect(save.mock.calls.length).toBeLessThanOrEqual(4);
  });

  it('uploads a chosen document to the draft once', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...emptyDraft(complete), userId: applicant.id, step: 3 }));
    await openWizard();
    const front = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'front.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText(/Choose NRC front or passport/), { target: { files: [front] } });
    await screen.findByText(/front\.png · /);
    await advance(SAVE_INTERVAL_MS);
    await waitFor(() => expect(putFile).toHaveBeenCalledTimes(1));
    expect(putFile).toHaveBeenCalledWith('NRC_FRONT', front, 'front.png');
    await advance(30_000);
    expect(putFile).toHaveBeenCalledTimes(1);
  });

  it('resumes a newer draft from another device, with its documents, and says so', async () => {
    get.mockResolvedValue(serverDraft({ draft: { ...complete, city: 'Kitwe', step: 1 } }));
    await openWizard();
    expect(await screen.findByLabelText(/^City/)).toHaveValue('Kitwe');
    await screen.findByText(/We restored your draft from your other device \(saved /);
    expect(loadDraft()?.city).toBe('Kitwe');
    // What came from the server is not sent back.
    await advance(30_000);
    expect(save).not.toHaveBeenCalled();
  });

  it('takes the other device’s draft when it is newer than the one this device has', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...emptyDraft(complete), userId: applicant.id, city: 'Livingstone' }));
    // This device last changed its draft on 1 March; the server's was saved from another device on 2 March.
    localStorage.setItem(SYNC_KEY, JSON.stringify({ version: '2026-03-01T00:00:00.000Z', changedAt: Date.parse('2026-03-01T12:00:00.000Z') }));
    get.mockResolvedValue(serverDraft({ draft: { ...complete, city: 'Kitwe' } }));
    await openWizard();
    await screen.findByText(/We restored your draft from your other device \(saved /);
    expect(screen.getByLabelText(/^City/)).toHaveValue('Kitwe');
  });

  it('finds in a newer server copy this device’s own last save (sent as the page was left, its answer never read): nothing restored, nothing downloaded', async () => {
    const { userId: _userId, ...fields } = { ...emptyDraft(complete), userId: applicant.id, step: 3 };
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...fields, userId: applicant.id }));
    const front = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'front.png', { type: 'image/png' });
    await getFileStore().put('NRC_FRONT', front);
    // This device's view predates that last save: it never read the answer.
    localStorage.setItem(SYNC_KEY, JSON.stringify({ version: '2026-03-01T00:00:00.000Z', changedAt: Date.parse('2026-03-01T12:00:00.000Z') }));
    get.mockResolvedValue(serverDraft({ draft: fields as Draft['draft'], files: [{ documentType: 'NRC_FRONT', fileName: 'front.png', fileType: 'image/png', size: front.size }] }));
    await openWizard();
    await screen.findByText(/front\.png · /);
    await advance(30_000);
    expect(screen.queryByText(/We restored your draft/)).toBeNull();
    expect(draftsApi.downloadFile).not.toHaveBeenCalled();
    // Nor is anything sent back: the server holds it all.
    expect(save).not.toHaveBeenCalled();
    expect(putFile).not.toHaveBeenCalled();
  });

  it('after signing in again (the login form clears local storage), still keeps this device’s newer draft', async () => {
    const store = createMemoryFileStore();
    setFileStore(store);
    // What the wizard's file store kept while the session expired: the draft's copy and this device's view of the server's.
    await store.putDraft({ ...emptyDraft(complete), userId: applicant.id, universityId: 3, city: 'Livingstone' });
    await store.putRecord('draft-sync', { version: '2026-03-01T00:00:00.000Z', changedAt: Date.parse('2026-03-03T00:00:00.000Z') });
    get.mockResolvedValue(serverDraft({ draft: { ...complete, city: 'Kitwe' } }));
    await openWizard();
    await screen.findByText(/This device has a newer draft/);
    expect(screen.getByLabelText(/^City/)).toHaveValue('Livingstone');
  });

  it('keeps this device’s draft when it is the newer one, and says so', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...emptyDraft(complete), userId: applicant.id, city: 'Livingstone' }));
    localStorage.setItem(SYNC_KEY, JSON.stringify({ version: '2026-03-01T00:00:00.000Z', changedAt: Date.parse('2026-03-03T00:00:00.000Z') }));
    get.mockResolvedValue(serverDraft({ draft: { ...complete, city: 'Kitwe' } }));
    await openWizard();
    expect(screen.getByLabelText(/^City/)).toHaveValue('Livingstone');
    await screen.findByText(/This device has a newer draft/);
    await advance(SAVE_INTERVAL_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0]).toMatchObject({ city: 'Livingstone', updatedAt: '2026-03-02T08:30:00.000Z' });
  });

  it('Submit waits for a draft save on its way, and nothing goes to the draft after the application', async () => {
    await openRestoredAtReview();
    // A change (back a step) makes a save, which is on its way when Submit is pressed.
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    let answerSave = () => undefined as void;
    save.mockImplementationOnce(
      ({ updatedAt: _seen, ...body }: Draft['draft'] & { updatedAt: string | null }) =>
        new Promise<Draft>((resolve) => (answerSave = () => resolve(serverDraft({ updatedAt: '2026-03-02T09:30:00.000Z', draft: body })))),
    );
    await advance(SAVE_INTERVAL_MS);
    expect(save).toHaveBeenCalledTimes(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Application' }));
    await advance(1000);
    expect(applicationsApi.submit).not.toHaveBeenCalled();
    await act(async () => answerSave());
    await screen.findByRole('heading', { name: 'Application Submitted' });
    expect(applicationsApi.submit).toHaveBeenCalledTimes(1);
    await advance(30_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(putFile).not.toHaveBeenCalled();
  });

  it('does not send again at submission the documents the server draft holds', async () => {
    const types = await openRestoredAtReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Application' }));
    await screen.findByRole('heading', { name: 'Application Submitted' });
    const form = (applicationsApi.submit as jest.Mock).mock.calls[0][0] as FormData;
    expect(form.getAll('files')).toHaveLength(0);
    const application = JSON.parse(await readText(form.get('application') as Blob)) as { documentTypes: string[] };
    expect(application.documentTypes).toEqual([...types]);
    await advance(30_000);
    expect(save).not.toHaveBeenCalled();
    expect(putFile).not.toHaveBeenCalled();
  });
});
