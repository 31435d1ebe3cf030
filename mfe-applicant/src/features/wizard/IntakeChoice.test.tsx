import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, intakesApi, programsApi, universitiesApi, type Intake, type Program } from 'shared-api';
import { DRAFT_KEY, loadDraft } from '../../lib/application-draft';
import { createMemoryFileStore, getFileStore, setFileStore } from '../../lib/file-store';
import { httpError, renderAt, signIn } from '../../test-utils';
import { ApplicationWizard } from './components/ApplicationWizard';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  universitiesApi: { get: jest.fn() },
  programsApi: { ofUniversity: jest.fn() },
  applicationsApi: { submit: jest.fn(), ofUser: jest.fn() },
  intakesApi: { ofUniversity: jest.fn() },
}));

const program = (id: number, name: string) =>
  ({ id, _id: id, name, description: '', duration: '4 years', durationYears: 4, requirements: null, careerOpportunities: null, universityId: 3 }) as Program;
const PROGRAMS = [program(11, 'Computer Science'), program(12, 'Law'), program(13, 'Medicine')];
const HOUR = 3_600_000;

function intake(id: number, programIds: number[], extra: Partial<Intake> = {}): Intake {
  return {
    id,
    universityId: 3,
    name: `Intake ${id}`,
    opensAt: '2026-01-01T06:00:00.000Z',
    closesAt: new Date(Date.now() + 3 * 24 * HOUR + HOUR).toISOString(),
    state: 'OPEN',
    programs: programIds.map((programId) => ({ programId, programName: `P${programId}`, capacity: null })),
    fees: [],
    ...extra,
  };
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

/** A draft with every field filled, at `step`, and its four files chosen. */
async function savedDraft(step: number, programIds: number[], nationality = 'Zambian') {
  localStorage.setItem(
    DRAFT_KEY,
    JSON.stringify({
      userId: 7,
      universityId: 3,
      programIds,
      fullName: 'Ada Banda',
      gender: 'Female',
      email: 'ada@example.com',
      phone: '0971234567',
      dateOfBirth: '2004-05-06',
      country: 'Zambia',
      province: 'Lusaka',
      city: 'Lusaka',
      nationality,
      nationalRegNumber: '1',
      schoolProvince: 'Lusaka',
      qualification: 'Diploma',
      institution: 'College',
      grade12Results: [
        { subject: 'English Language', grade: 3 },
        { subject: 'Mathematics', grade: 1 },
        { subject: 'Biology', grade: 2 },
        { subject: 'Chemistry', grade: 3 },
        { subject: 'Physics', grade: 4 },
      ],
      step,
    }),
  );
  const store = getFileStore();
  await store.put('NRC_FRONT', png('a.png'));
  await store.put('NRC_BACK', png('b.png'));
  await store.put('ACADEMIC_RESULTS', pdf('c.pdf'));
  await store.put('CERTIFICATE', pdf('d.pdf'));
}

async function sentApplication(): Promise<Record<string, unknown>> {
  const form = (applicationsApi.submit as jest.Mock).mock.calls.at(-1)[0] as FormData;
  return JSON.parse(await readText(form.get('application') as Blob)) as Record<string, unknown>;
}

const renderWizard = () => renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
const firstChoiceOptions = async () =>
  within(await screen.findByLabelText(/First choice program/))
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(() => {
  localStorage.clear();
  setFileStore(createMemoryFileStore());
  signIn();
  (universitiesApi.get as jest.Mock).mockResolvedValue({ id: 3, name: 'University of Zambia' });
  (programsApi.ofUniversity as jest.Mock).mockResolvedValue(PROGRAMS);
  (applicationsApi.submit as jest.Mock).mockReset();
  (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('the wizard and the intakes of the university', () => {
  // The intake's deadline used to arrive above the steps after the form was on screen, moving every
  // field and Next down under the applicant's finger.
  it('shows the form once the intakes are known, with the deadline already above the steps', async () => {
    let answerIntakes: (intakes: Intake[]) => void = () => undefined;
    (intakesApi.ofUniversity as jest.Mock).mockReturnValueOnce(new Promise((resolve) => (answerIntakes = resolve)));
    renderWizard();
    await waitFor(() => expect(intakesApi.ofUniversity).toHaveBeenCalledWith(3));
    await waitFor(() => expect(programsApi.ofUniversity).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: /Step 1 of 4/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();

    answerIntakes([intake(5, [11, 13], { name: '2027 January intake' })]);
    expect(await screen.findByRole('heading', { name: /Step 1 of 4/ })).toBeInTheDocument();
    expect(screen.getByText('2027 January intake')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('shows the one open intake with its deadline, offers only its programs and applies into it', async () => {
    const user = userEvent.setup();
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([intake(5, [11, 13], { name: '2027 January intake' })]);
    // A choice saved before the intake existed, of a program it does not offer, is dropped.
    await savedDraft(2, [12]);
    renderWizard();
    await screen.findByText('2027 January intake');
    expect(screen.getByText(/^Apply by \d+ \w{3} \d{4}, \d{2}:\d{2} CAT$/)).toBeInTheDocument();
    expect(screen.getByText('Closes in 3 days')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Intake/ })).toBeNull();
    await waitFor(async () => expect(await firstChoiceOptions()).toEqual(['Select a program…', 'Computer Science', 'Medicine']));
    await waitFor(() => expect(loadDraft()?.programIds).toEqual([]));
    await user.selectOptions(screen.getByLabelText(/First choice program/), '13');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    (applicationsApi.submit as jest.Mock).mockResolvedValue({ json: () => Promise.resolve({ id: 99 }) });
    await user.click(await screen.findByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    expect(await sentApplication()).toMatchObject({ intakeId: 5, programIds: [13] });
  });

  it('asks which intake on step 2 when several are open, and offers the chosen one’s programs', async () => {
    const user = userEvent.setup();
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([intake(5, [11]), intake(6, [12, 13], { closesAt: new Date(Date.now() + 5 * HOUR + 60_000).toISOString() })]);
    await savedDraft(2, []);
    renderWizard();
    const choice = await screen.findByRole('combobox', { name: /Intake/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Choose the intake you are applying into')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 2 of 4: Program' })).toBeInTheDocument();
    await user.selectOptions(choice, '6');
    expect(screen.queryByText('Choose the intake you are applying into')).toBeNull();
    expect(screen.getByText('Closes in 5 hours')).toBeInTheDocument();
    expect(await firstChoiceOptions()).toEqual(['Select a program…', 'Law', 'Medicine']);
    await user.selectOptions(screen.getByLabelText(/First choice program/), '12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    (applicationsApi.submit as jest.Mock).mockResolvedValue({ json: () => Promise.resolve({ id: 99 }) });
    await user.click(await screen.findByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    expect(await sentApplication()).toMatchObject({ intakeId: 6, programIds: [12] });
  });

  it('says applications are closed and when the next intake opens, instead of the wizard', async () => {
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([intake(7, [11], { state: 'UPCOMING', opensAt: '2027-03-01T06:00:00.000Z' })]);
    renderWizard();
    expect(await screen.findByRole('heading', { name: 'Applications are closed' })).toBeInTheDocument();
    expect(screen.getByText('The next intake opens on 1 Mar 2027, 08:00 CAT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('sends no intake for a university without intakes, as the spec has it', async () => {
    const user = userEvent.setup();
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([]);
    await savedDraft(4, [12]);
    (applicationsApi.submit as jest.Mock).mockResolvedValue({ json: () => Promise.resolve({ id: 99 }) });
    renderWizard();
    await user.click(await screen.findByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    const sent = await sentApplication();
    expect(sent).not.toHaveProperty('intakeId');
    expect(sent.programIds).toEqual([12]);
  });

  it("states the intake's fee for the applicant's category on the review step and once submitted", async () => {
    const user = userEvent.setup();
    const fees: Intake['fees'] = [
      { category: 'ZAMBIAN', amount: 150, currency: 'ZMW' },
      { category: 'INTERNATIONAL', amount: 60, currency: 'USD' },
    ];
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([intake(5, [11], { fees })]);
    await savedDraft(4, [11], 'Kenyan');
    (applicationsApi.submit as jest.Mock).mockResolvedValue({ json: () => Promise.resolve({ id: 99 }) });
    renderWizard();
    await screen.findByText(/^The application fee is USD 60\.00\. After you submit/);
    expect(screen.queryByText(/150\.75/)).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    expect(screen.getByText(/^Next, pay the application fee of USD 60\.00 from My Applications/)).toBeInTheDocument();
  });

  it('a Zambian applicant in the same intake is told the kwacha fee; an intake without a SADC fee asks the standard one', async () => {
    const fees: Intake['fees'] = [{ category: 'ZAMBIAN', amount: 150, currency: 'ZMW' }];
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([intake(5, [11], { fees })]);
    await savedDraft(4, [11], 'Zambian');
    const { unmount } = renderWizard();
    await screen.findByText(/^The application fee is ZMW 150\.00\./);
    unmount();
    await savedDraft(4, [11], 'Zimbabwean');
    renderWizard();
    await screen.findByText(/^The application fee is ZMW 150\.75\./);
  });

  it('says plainly when the intake has closed or was already applied into, linking the first application', async () => {
    const user = userEvent.setup();
    (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([intake(5, [11])]);
    await savedDraft(4, [11]);
    (applicationsApi.submit as jest.Mock)
      .mockRejectedValueOnce(httpError(409, { message: 'Applications for this intake are closed.' }))
      .mockRejectedValueOnce(httpError(409, { message: 'You have already applied to this intake.', applicationId: 55 }));
    renderWizard();
    await screen.findByText('Intake 5');
    await user.click(await screen.findByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Applications for this intake are closed.');
    expect(screen.queryByRole('link', { name: 'View your application' })).toBeNull();
    expect(loadDraft()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('You have already applied to this intake.');
    await user.click(screen.getByRole('link', { name: 'View your application' }));
    expect(screen.getByText('Now at /applications/55')).toBeInTheDocument();
  });
});
