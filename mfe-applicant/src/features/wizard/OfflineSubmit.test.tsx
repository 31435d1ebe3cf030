import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, intakesApi, programsApi, universitiesApi } from 'shared-api';
import { DRAFT_KEY, loadDraft } from '../../lib/application-draft';
import { createMemoryFileStore, getFileStore, setFileStore } from '../../lib/file-store';
import { renderAt, signIn } from '../../test-utils';
import { ApplicationWizard, WAITING_FOR_NETWORK_MESSAGE } from './components/ApplicationWizard';
import { completeDraft, program, storeFourDocuments } from './testing/fixtures';

jest.mock('shared-api', () => jest.requireActual('./testing/fixtures').wizardApiStandIn());

let online = true;
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

/** A complete draft at the Review step, with its four files, as the wizard keeps it on the phone. */
async function storeCompleteDraft() {
  localStorage.setItem(DRAFT_KEY, JSON.stringify(completeDraft()));
  await storeFourDocuments();
}

beforeAll(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});

beforeEach(() => {
  online = true;
  setFileStore(createMemoryFileStore());
  signIn();
  (universitiesApi.get as jest.Mock).mockResolvedValue({ id: 3, name: 'University of Zambia' });
  (programsApi.ofUniversity as jest.Mock).mockResolvedValue([program(11, 'Computer Science')]);
  (applicationsApi.submit as jest.Mock).mockReset();
  (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
  (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([]);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('submitting offline (issue 19)', () => {
  it('waits for the network, says so, keeps everything, and sends when the browser is back online', async () => {
    const user = userEvent.setup();
    await storeCompleteDraft();
    (applicationsApi.submit as jest.Mock).mockResolvedValue({ json: () => Promise.resolve({ id: 99, message: 'ok' }) });
    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    await screen.findByText('4 of 4 files uploaded');

    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('button', { name: 'Will send when back online' })).toBeDisabled();
    expect(screen.getByText(WAITING_FOR_NETWORK_MESSAGE)).toBeInTheDocument();
    expect(applicationsApi.submit).not.toHaveBeenCalled();
    expect(loadDraft()?.programIds).toEqual([11]);
    expect(Object.keys(await getFileStore().getAll())).toHaveLength(4);

    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    expect(applicationsApi.submit).toHaveBeenCalledTimes(1);
    const form = (applicationsApi.submit as jest.Mock).mock.calls[0][0] as FormData;
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png', 'c.pdf', 'd.pdf']);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  /** Submit pressed offline, then the wizard closed while it waits (the phone's browser closed or killed). */
  async function submitOfflineAndClose() {
    const user = userEvent.setup();
    await storeCompleteDraft();
    (applicationsApi.submit as jest.Mock).mockResolvedValue({ json: () => Promise.resolve({ id: 101, message: 'ok' }) });
    const closed = renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    await screen.findByText('4 of 4 files uploaded');
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText(WAITING_FOR_NETWORK_MESSAGE);
    closed.unmount();
  }

  it('still sends it when the tab was closed while waiting: the wizard opened again online sends it at once', async () => {
    await submitOfflineAndClose();
    // The network comes back while nothing of the portal runs.
    online = true;

    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    expect(applicationsApi.submit).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(await getFileStore().getRecords('')).toEqual([]);
  });

  it('opened again still offline, it says it is waiting and sends when the network returns; Submit not pressed again', async () => {
    await submitOfflineAndClose();

    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    await screen.findByText(WAITING_FOR_NETWORK_MESSAGE);
    expect(screen.getByRole('button', { name: 'Will send when back online' })).toBeDisabled();
    expect(applicationsApi.submit).not.toHaveBeenCalled();
    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    expect(applicationsApi.submit).toHaveBeenCalledTimes(1);
  });

  it('a wizard whose Submit was never pressed is not sent by opening it', async () => {
    await storeCompleteDraft();
    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    await screen.findByText('4 of 4 files uploaded');
    expect(await screen.findByRole('button', { name: 'Submit Application' })).toBeEnabled();
    expect(applicationsApi.submit).not.toHaveBeenCalled();
  });

  it('a connection lost while sending waits too, instead of failing', async () => {
    const user = userEvent.setup();
    await storeCompleteDraft();
    (applicationsApi.submit as jest.Mock).mockImplementationOnce(async () => {
      online = false;
      throw new TypeError('Failed to fetch');
    });
    (applicationsApi.submit as jest.Mock).mockResolvedValueOnce({ json: () => Promise.resolve({ id: 100, message: 'ok' }) });
    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    await screen.findByText('4 of 4 files uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText(WAITING_FOR_NETWORK_MESSAGE);
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
    expect(loadDraft()).not.toBeNull();

    setOnline(true);
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    expect(applicationsApi.submit).toHaveBeenCalledTimes(2);
  });
});
