import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, intakesApi, programsApi, universitiesApi } from 'shared-api';
import { DRAFT_KEY, loadDraft } from '../../lib/application-draft';
import { createMemoryFileStore, getFileStore, setFileStore } from '../../lib/file-store';
import { httpError, renderAt, signIn, signOut } from '../../test-utils';
import { ApplicationWizard } from './components/ApplicationWizard';
import { completeDraft, pdf, png, program, storeFourDocuments } from './testing/fixtures';

jest.mock('shared-api', () => jest.requireActual('./testing/fixtures').wizardApiStandIn());
// These tests type a whole application step by step: 2–10 s each on a quiet machine, and
// three of them passed 30 s in a CI run beside other work (the file took 185 s there).
jest.setTimeout(120_000);

const PROGRAMS = [program(11, 'Computer Science'), program(12, 'Law'), program(13, 'Medicine'), program(14, 'Nursing')];

const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

const jsonResponse = (body: unknown) => ({ json: () => Promise.resolve(body) });

/** Opens the wizard and waits until the university is known and the form shows. */
async function renderWizard() {
  const view = renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
  await screen.findByRole('heading', { level: 1, name: /^Apply/ });
  return view;
}

async function fillPersonal(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText(/Gender/), 'Female');
  fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '2004-05-06' } });
  await user.selectOptions(screen.getByLabelText(/Country/), 'Zambia');
  fireEvent.change(screen.getByLabelText(/^Province/), { target: { value: 'Lusaka' } });
  fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Lusaka' } });
}

async function fillProgram(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText(/First choice program/), '11');
  fireEvent.change(screen.getByLabelText(/Nationality/), { target: { value: 'Zambian' } });
  fireEvent.change(screen.getByLabelText(/National registration number/), { target: { value: '123456/10/1' } });
  fireEvent.change(screen.getByLabelText(/Province of school last attended/), { target: { value: 'Copperbelt' } });
  await user.selectOptions(screen.getByLabelText(/Highest qualification/), 'Grade 12');
  fireEvent.change(screen.getByLabelText(/Institution attended/), { target: { value: 'Kitwe Boys' } });
  fillResults();
}

/** Grade 12 results: English 3 (row 1 starts as English), Mathematics 1, Biology 2, Chemistry 3, Physics 4: 13 points. */
function fillResults() {
  fireEvent.change(screen.getByLabelText('Grade 1'), { target: { value: '3' } });
  const rows: [string, string][] = [
    ['Mathematics', '1'],
    ['Biology', '2'],
    ['Chemistry', '3'],
    ['Physics', '4'],
  ];
  for (const [index, [subject, grade]] of rows.entries()) {
    fireEvent.change(screen.getByLabelText(`Subject ${index + 2}`), { target: { value: subject } });
    fireEvent.change(screen.getByLabelText(`Grade ${index + 2}`), { target: { value: grade } });
  }
}

async function addAllFiles() {
  const files = [png('front.png'), png('back.png'), pdf('results.pdf'), pdf('certificate.pdf')];
  const labels = [/Choose NRC front or passport/, /Choose NRC back/, /Choose Academic results/, /Choose Certificate/];
  for (let i = 0; i < files.length; i++) {
    fireEvent.change(await screen.findByLabelText(labels[i]), { target: { files: [files[i]] } });
    // Each file is read (its first bytes) before it is taken.
    await screen.findByText(new RegExp(`${files[i].name.replace('.', '\\.')} · `));
  }
}

beforeEach(() => {
  setFileStore(createMemoryFileStore());
  signIn();
  (universitiesApi.get as jest.Mock).mockResolvedValue({ id: 3, name: 'University of Zambia' });
  (programsApi.ofUniversity as jest.Mock).mockResolvedValue(PROGRAMS);
  (applicationsApi.submit as jest.Mock).mockReset();
  (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
  // The spec's university: no intakes, applications at any time (the intake cases are in IntakeChoice.test.tsx).
  (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([]);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('application wizard', () => {
  it('shows the four steps and prefills name, email and phone from the session', async () => {
    await renderWizard();
    for (const step of ['Personal', 'Program', 'Files', 'Review']) expect(screen.getAllByText(step).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada Banda');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/Phone number/)).toHaveValue('0971234567');
    expect(await screen.findByRole('heading', { name: 'Apply to University of Zambia' })).toBeInTheDocument();
  });

  it('asks for the university, the open application, its intakes and its programs at once, not one round after another', async () => {
    // On a 150 ms round trip each round the wizard waits for costs a phone a visible moment (issue 19).
    (universitiesApi.get as jest.Mock).mockReturnValue(new Promise(() => undefined));
    (applicationsApi.ofUser as jest.Mock).mockReturnValue(new Promise(() => undefined));
    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    await waitFor(() => expect(universitiesApi.get).toHaveBeenCalledWith(3));
    expect(applicationsApi.ofUser).toHaveBeenCalled();
    expect(intakesApi.ofUniversity).toHaveBeenCalledWith(3);
    expect(programsApi.ofUniversity).toHaveBeenCalledWith(3);
  });

  it('step 1 cannot be left with missing fields and offers only the listed genders and countries', async () => {
    const user = userEvent.setup();
    signIn({ name: null, phone: null });
    await renderWizard();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveFocus());
    expect(screen.getByText('Gender is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    expect(screen.getByText('Province is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: Personal' })).toBeInTheDocument();
    const genders = within(screen.getByLabelText(/Gender/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(genders).toEqual(['Select…', 'Male', 'Female']);
    const countries = within(screen.getByLabelText(/Country/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(countries).toEqual(['Select…', 'Zambia', 'Zimbabwe', 'Kenya']);
  });

  it("step 1: the province is chosen from Zambia's ten provinces in Zambia, typed elsewhere", async () => {
    const user = userEvent.setup();
    await renderWizard();
    await user.selectOptions(screen.getByLabelText(/Country/), 'Zambia');
    const provinces = within(screen.getByRole('combobox', { name: /^Province/ }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(provinces).toEqual(['Select…', 'Central', 'Copperbelt', 'Eastern', 'Luapula', 'Lusaka', 'Muchinga', 'Northern', 'North-Western', 'Southern', 'Western']);
    await user.selectOptions(screen.getByLabelText(/Country/), 'Kenya');
    expect(screen.getByRole('textbox', { name: /^Province/ })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Province/ }), 'Nairobi');
    await user.selectOptions(screen.getByLabelText(/Country/), 'Zambia');
    expect(screen.getByRole('combobox', { name: /^Province/ })).toHaveValue('');
    expect(loadDraft()?.province).toBe('');
  });

  it('step 2: program slots are exclusive, ordered, cleared slots are removed; qualifications listed; required fields', async () => {
    const user = userEvent.setup();
    await renderWizard();
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Program' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('First choice program is required')).toBeInTheDocument();
    expect(screen.getByText('Nationality is required')).toBeInTheDocument();
    expect(screen.getByText('National registration number is required')).toBeInTheDocument();
    expect(screen.getByText('Province of school last attended is required')).toBeInTheDocument();
    expect(screen.getByText('Highest qualification is required')).toBeInTheDocument();
    expect(screen.getByText('Institution attended is required')).toBeInTheDocument();

    const qualifications = within(screen.getByLabelText(/Highest qualification/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(qualifications).toEqual(['Select…', 'Grade 12', 'Diploma', 'Degree', 'Masters', 'PhD']);

    const first = await screen.findByLabelText(/First choice program/);
    const second = screen.getByLabelText(/Second choice program/);
    const third = screen.getByLabelText(/Third choice program/);
    expect(second).toBeDisabled();
    await user.selectOptions(first, '11');
    expect(second).toBeEnabled();
    expect(within(second).queryByRole('option', { name: 'Computer Science' })).toBeNull();
    await user.selectOptions(second, '12');
    await user.selectOptions(third, '13');
    expect(within(first).queryByRole('option', { name: 'Law' })).toBeNull();
    expect(within(first).queryByRole('option', { name: 'Medicine' })).toBeNull();
    expect(loadDraft()?.programIds).toEqual([11, 12, 13]);

    await user.selectOptions(first, '');
    expect(loadDraft()?.programIds).toEqual([12, 13]);
    expect(screen.getByLabelText(/First choice program/)).toHaveValue('12');
    expect(screen.getByLabelText(/Second choice program/)).toHaveValue('13');
    expect(screen.getByLabelText(/Third choice program/)).toHaveValue('');
  });

  it('step 3 refuses wrong types and large files with clear messages and requires all four', async () => {
    const user = userEvent.setup();
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ userId: 7, universityId: 3, step: 3 }));
    await renderWizard();
    const front = await screen.findByLabelText(/Choose NRC front or passport/);
    fireEvent.change(front, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(
      await screen.findByText('The NRC front or passport file is not a JPEG, PNG or WebP image or a PDF, whatever its name says. Only JPEG, PNG, WebP images and PDF files are accepted.'),
    ).toBeInTheDocument();
    const big = png('huge.png');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(front, { target: { files: [big] } });
    await screen.findByText('Each file must be at most 5 MB.');
    expect(screen.queryByText(/huge.png/)).toBeNull();

    fireEvent.change(front, { target: { files: [png('front.png')] } });
    await screen.findByText(/front\.png · 8 B/);
    expect(await screen.findByRole('img', { name: 'Preview of front.png' })).toHaveAttribute('src', 'blob:preview');

    fireEvent.drop(screen.getByTestId('dropzone-NRC_BACK'), { dataTransfer: { files: [pdf('back.pdf')] } });
    await screen.findByText(/back\.pdf · 8 B/);

    const certificateInput = screen.getByLabelText(/Choose Certificate/) as HTMLInputElement;
    const opened = jest.fn((event: Event) => event.preventDefault());
    certificateInput.addEventListener('click', opened);
    screen.getByText('Choose Certificate').focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Academic results is required')).toBeInTheDocument();
    expect(screen.getByText('Certificate is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Choose Academic results')).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Step 3 of 4: Files' })).toBeInTheDocument();
  });

  it('step 3 refuses an HTML page named .pdf when it is chosen, by its content, naming the document', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ userId: 7, universityId: 3, step: 3 }));
    await renderWizard();
    fireEvent.change(await screen.findByLabelText(/Choose Academic results/), {
      target: { files: [new File(['<!doctype html><p>results</p>'], 'results.pdf', { type: 'application/pdf' })] },
    });
    await screen.findByText(/^The Academic results file is not a JPEG, PNG or WebP image or a PDF/);
    expect(screen.queryByText(/results\.pdf · /)).toBeNull();
    expect(await getFileStore().getAll()).not.toHaveProperty('ACADEMIC_RESULTS');
  });

  it('step 2: Grade 12 results, English first, at least five, the best-five points live, up to nine rows, kept in the draft', async () => {
    const user = userEvent.setup();
    const first = await renderWizard();
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Grade 12 results' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject 1')).toHaveValue('English Language');
    expect(screen.getAllByRole('combobox', { name: /^Subject \d$/ })).toHaveLength(5);
    expect(screen.getByRole('status')).toHaveTextContent('Best five: enter English Language and four other subjects to see your points');

    // Four subjects only: the step cannot be left.
    fireEvent.change(screen.getByLabelText('Grade 1'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Subject 2'), { target: { value: 'Mathematics' } });
    fireEvent.change(screen.getByLabelText('Grade 2'), { target: { value: '1' } });
    await user.click(screen.getByRole('button', { name: 'Remove subject 5' }));
    await user.click(screen.getByRole('button', { name: 'Remove subject 4' }));
    fireEvent.change(screen.getByLabelText('Subject 3'), { target: { value: 'Biology' } });
    fireEvent.change(screen.getByLabelText('Grade 3'), { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Enter at least 5 subjects: English Language and your best four others')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { name: 'Step 2 of 4: Program' })).toBeInTheDocument();

    // A subject chosen in one row is not offered in another.
    const offered = within(screen.getByLabelText('Subject 3'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toContain('Biology');
    expect(offered).not.toContain('Mathematics');
    expect(offered).not.toContain('English Language');

    await user.click(screen.getByRole('button', { name: 'Add a subject' }));
    fireEvent.change(screen.getByLabelText('Subject 4'), { target: { value: 'Chemistry' } });
    fireEvent.change(screen.getByLabelText('Grade 4'), { target: { value: '3' } });
    await user.click(screen.getByRole('button', { name: 'Add a subject' }));
    fireEvent.change(screen.getByLabelText('Subject 5'), { target: { value: 'Physics' } });
    fireEvent.change(screen.getByLabelText('Grade 5'), { target: { value: '4' } });
    expect(screen.getByRole('status')).toHaveTextContent('Best five: 13 points');
    expect(screen.queryByText(/^Enter at least 5 subjects/)).toBeNull();

    // A sixth, better subject replaces the weakest of the others; English always counts.
    await user.click(screen.getByRole('button', { name: 'Add a subject' }));
    fireEvent.change(screen.getByLabelText('Subject 6'), { target: { value: 'Geography' } });
    fireEvent.change(screen.getByLabelText('Grade 6'), { target: { value: '1' } });
    expect(screen.getByRole('status')).toHaveTextContent('Best five: 10 points');
    await user.click(screen.getByRole('button', { name: 'Remove subject 6 (Geography)' }));
    expect(screen.getByRole('status')).toHaveTextContent('Best five: 13 points');

    // Without English there is no total, and the step says why.
    fireEvent.change(screen.getByLabelText('Subject 1'), { target: { value: 'History' } });
    expect(screen.getByRole('status')).toHaveTextContent('Best five: enter English Language');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('English Language must be among the subjects')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Subject 1'), { target: { value: 'English Language' } });

    // Nine rows at most.
    for (let n = 6; n <= 9; n++) await user.click(screen.getByRole('button', { name: 'Add a subject' }));
    expect(screen.getAllByRole('combobox', { name: /^Subject \d$/ })).toHaveLength(9);
    expect(screen.getByRole('button', { name: 'Add a subject' })).toBeDisabled();
    for (let n = 9; n >= 6; n--) await user.click(screen.getByRole('button', { name: `Remove subject ${n}` }));

    expect(loadDraft()?.grade12Results).toEqual([
      { subject: 'English Language', grade: 3 },
      { subject: 'Mathematics', grade: 1 },
      { subject: 'Biology', grade: 2 },
      { subject: 'Chemistry', grade: 3 },
      { subject: 'Physics', grade: 4 },
    ]);
    first.unmount();
    await renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Program' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject 5')).toHaveValue('Physics');
    expect(screen.getByLabelText('Grade 5')).toHaveValue('4');
    expect(screen.getByRole('status')).toHaveTextContent('Best five: 13 points');
  });

  it('saves the draft on every change and restores values, step and files after a reload', async () => {
    const user = userEvent.setup();
    const first = await renderWizard();
    await fillPersonal(user);
    expect(loadDraft()).toMatchObject({ userId: 7, universityId: 3, gender: 'Female', country: 'Zambia', city: 'Lusaka', step: 1 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillProgram(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await addAllFiles();
    await waitFor(async () => expect(Object.keys(await getFileStore().getAll())).toHaveLength(4));
    first.unmount();

    await renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 3 of 4: Files' })).toBeInTheDocument();
    await screen.findByText(/certificate\.pdf/);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/Institution attended/)).toHaveValue('Kitwe Boys');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/^City/)).toHaveValue('Lusaka');
    expect(screen.getByLabelText(/Gender/)).toHaveValue('Female');
  });

  it('recovers the draft and files from the IndexedDB copy when local storage was cleared (as the login form does)', async () => {
    const user = userEvent.setup();
    const first = await renderWizard();
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillProgram(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(await screen.findByLabelText(/Choose NRC back/), { target: { files: [png('back.png')] } });
    await screen.findByText(/back\.png · /);
    await waitFor(async () => expect(await getFileStore().getDraft()).toMatchObject({ step: 3, institution: 'Kitwe Boys' }));
    first.unmount();
    localStorage.clear();

    await renderWizard();
    expect(await screen.findByRole('heading', { name: 'Step 3 of 4: Files' })).toBeInTheDocument();
    await screen.findByText(/back\.png/);
    expect(loadDraft()).toMatchObject({ programIds: [11], schoolProvince: 'Copperbelt' });
  });

  it("does not restore another applicant's copy, and clears it", async () => {
    await getFileStore().putDraft({ userId: 99, universityId: 3, fullName: 'Someone Else', step: 2 });
    await getFileStore().put('NRC_FRONT', png('theirs.png'));
    await renderWizard();
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada Banda');
    await waitFor(async () => expect(await getFileStore().getAll()).toEqual({}));
    expect(await getFileStore().getDraft()).toBeUndefined();
  });

  it('reviews everything with the file count and submits one multipart request; success clears the draft', async () => {
    const user = userEvent.setup();
    (applicationsApi.submit as jest.Mock).mockResolvedValue(jsonResponse({ id: 99, message: 'ok' }));
    await renderWizard();
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillProgram(user);
    await user.selectOptions(screen.getByLabelText(/Second choice program/), '12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await addAllFiles();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('4 of 4 files uploaded')).toBeInTheDocument();
    expect(screen.getByText('Computer Science')).toBeInTheDocument();
    expect(screen.getByText('Law')).toBeInTheDocument();
    // The fee, from the contract, and what paying it starts.
    expect(screen.getByRole('heading', { name: 'Application fee' })).toBeInTheDocument();
    expect(screen.getByText(/^The application fee is ZMW 150\.75\..*review of your application starts once it is paid\.$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    expect(screen.getByText(/^Next, pay the application fee of ZMW 150\.75 from My Applications: review of your application starts once it is paid\.$/)).toBeInTheDocument();
    const form = (applicationsApi.submit as jest.Mock).mock.calls[0][0] as FormData;
    const part = form.get('application') as Blob;
    expect(part.type).toBe('application/json');
    const body = JSON.parse(await readText(part));
    expect(body).toMatchObject({ userId: 7, programIds: [11, 12], status: 'PENDING', fullName: 'Ada Banda', gender: 'Female', country: 'Zambia', highestQualification: 'Grade 12' });
    expect(body.grade12Results).toEqual([
      { subject: 'English Language', grade: 3 },
      { subject: 'Mathematics', grade: 1 },
      { subject: 'Biology', grade: 2 },
      { subject: 'Chemistry', grade: 3 },
      { subject: 'Physics', grade: 4 },
    ]);
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['front.png', 'back.png', 'results.pdf', 'certificate.pdf']);
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(await getFileStore().getAll()).toEqual({});
    await user.click(screen.getByRole('link', { name: 'View My Applications' }));
    expect(screen.getByText('Now at /applications')).toBeInTheDocument();
  });

  it('keeps the draft and files when the submission fails, and explains why', async () => {
    const user = userEvent.setup();
    localStorage.setItem(DRAFT_KEY, JSON.stringify(completeDraft({ nationalRegNumber: '1', qualification: 'Diploma', institution: 'College' })));
    await storeFourDocuments();
    (applicationsApi.submit as jest.Mock).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await renderWizard();
    await screen.findByText('4 of 4 files uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Something went wrong. Please try again.');
    expect(loadDraft()?.programIds).toEqual([11]);
    expect(Object.keys(await getFileStore().getAll())).toHaveLength(4);

    (applicationsApi.submit as jest.Mock).mockRejectedValueOnce(httpError(400, { message: 'programIds: must not repeat a program' }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Failed to submit application: Choose each program only once');
    expect(screen.queryByText(/programIds/)).toBeNull();
    expect(loadDraft()).not.toBeNull();

    (applicationsApi.submit as jest.Mock).mockResolvedValueOnce({ json: () => Promise.reject(new SyntaxError('Unexpected end of JSON input')) });
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    });
    await screen.findByText('Application submission completed but response was unclear. Please check your applications.');
  });
});

describe('wizard without a session', () => {
  it('says the user is not authenticated', () => {
    signOut();
    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    expect(screen.getByText('User not authenticated')).toBeInTheDocument();
  });
});

describe('wizard for a university that does not exist', () => {
  it('shows a not-found page with a way back, never the wizard', async () => {
    (universitiesApi.get as jest.Mock).mockRejectedValue(httpError(404, { message: 'University not found' }));
    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/99999' });
    expect(await screen.findByRole('heading', { name: 'University Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse universities' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('heading', { name: /^Apply/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('shows the same for an address whose id is not a number', async () => {
    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/abc' });
    expect(await screen.findByRole('heading', { name: 'University Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});

describe('wizard when an application to the university is still open', () => {
  it('warns before starting another, links to the open one, and starts only when asked', async () => {
    const user = userEvent.setup();
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([
      { id: 41, universityId: 3, status: 'PENDING', submittedAt: '2026-11-01T10:00:00Z', applicationDate: '2026-11-01T10:00:00Z' },
      { id: 40, universityId: 5, status: 'PENDING', submittedAt: '2026-10-01T10:00:00Z', applicationDate: '2026-10-01T10:00:00Z' },
    ]);
    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    expect(await screen.findByRole('heading', { name: 'You already applied to University of Zambia' })).toBeInTheDocument();
    expect(screen.getByText(/Your application of 1 Nov 2026 to University of Zambia is still open/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my application' })).toHaveAttribute('href', '/applications/41');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start another application anyway' }));
    expect(await screen.findByRole('heading', { name: 'Step 1 of 4: Personal' })).toBeInTheDocument();
  });

  it('does not warn about a decided application', async () => {
    (applicationsApi.ofUser as jest.Mock).mockResolvedValue([{ id: 41, universityId: 3, status: 'REJECTED', submittedAt: '2026-11-01T10:00:00Z' }]);
    await renderWizard();
    expect(screen.queryByText(/You already applied/)).toBeNull();
  });
});
