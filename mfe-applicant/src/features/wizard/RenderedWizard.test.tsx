/**
 * The wizard the server rendered for its applicant (decision 013): its first
 * render is the server's, from the answers the page came with, so the app
 * adopts the form at once and asks none of them again. With no draft anywhere
 * it does not wait for this device's file store (the first step has no files);
 * with a draft on the server it restores that draft without asking for it.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { applicationsApi, draftsApi, intakesApi, PreloadedResponsesProvider, programsApi, universitiesApi, type Draft } from 'shared-api';
import { createMemoryFileStore, setFileStore } from '../../lib/file-store';
import { renderAt, signIn } from '../../test-utils';
import { ApplicationWizard } from './components/ApplicationWizard';
import { completeDraft, program } from './testing/fixtures';

jest.mock('shared-api', () => jest.requireActual('./testing/fixtures').wizardApiStandIn());

const PROGRAMS = [program(11, 'Computer Science'), program(12, 'Law')];
const UNIVERSITY = { id: 3, name: 'University of Zambia' };

function renderedWith(draft: Draft | null) {
  const responses = {
    '/api/universities/3': UNIVERSITY,
    '/api/programs/university/3': PROGRAMS,
    '/api/universities/3/intakes': [],
    '/api/applications/user/7': [],
    '/api/drafts/mine': draft,
  };
  return renderAt(
    <PreloadedResponsesProvider responses={responses}>
      <ApplicationWizard />
    </PreloadedResponsesProvider>,
    { path: '/apply/:universityId', url: '/apply/3' },
  );
}

const asked = () => [universitiesApi.get, programsApi.ofUniversity, intakesApi.ofUniversity, applicationsApi.ofUser, draftsApi.get].filter((call) => (call as jest.Mock).mock.calls.length > 0);

beforeEach(() => {
  localStorage.clear();
  setFileStore(createMemoryFileStore());
  signIn();
  jest.clearAllMocks();
});

describe('a wizard rendered on the server for its applicant', () => {
  it('with no draft anywhere: shows the first step filled from the account in its very first render, and asks nothing again', async () => {
    renderedWith(null);
    // No waiting for any answer or for the file store: the server drew this too.
    expect(screen.getByRole('heading', { level: 1, name: 'Apply to University of Zambia' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: Personal' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Ada Banda');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(asked()).toEqual([]);
  });

  it('with a draft on the server and none here: restores it from the page, says so, and does not ask for it', async () => {
    const { userId: _userId, ...fields } = completeDraft({ step: 2, city: 'Kitwe' });
    renderedWith({ draft: fields, files: [], updatedAt: '2026-03-02T08:30:00.000Z' } as Draft);
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Program' })).toBeInTheDocument();
    expect(await screen.findByText(/We restored your draft from your other device/, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Institution attended/)).toHaveValue(fields.institution));
    expect(asked()).toEqual([]);
  });
});
