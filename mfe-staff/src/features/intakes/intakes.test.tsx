import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { intakesApi, programsApi, universitiesApi, type Intake, type Program } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { AddIntake, EditIntake, IntakeDetail, IntakesList } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return {
    ...actual,
    intakesApi: { ofUniversity: jest.fn(), get: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn(), capacity: jest.fn() },
    programsApi: { ofUniversity: jest.fn() },
    universitiesApi: { list: jest.fn() },
  };
});

const api = intakesApi as jest.Mocked<typeof intakesApi>;
const programs = programsApi as jest.Mocked<typeof programsApi>;
const universities = universitiesApi as jest.Mocked<typeof universitiesApi>;

function intake(id: number, extra: Partial<Intake> = {}): Intake {
  return {
    id,
    universityId: 7,
    name: `Intake ${id}`,
    opensAt: '2027-01-01T06:00:00.000Z',
    closesAt: '2027-01-15T15:00:00.000Z',
    state: 'OPEN',
    programs: [{ programId: 1, programName: 'Program 1', capacity: 30 }],
    fees: [],
    applicationCount: 4,
    ...extra,
  };
}

function program(id: number): Program {
  return { id, _id: id, name: `Program ${id}`, description: 'About', duration: '4 years', durationYears: 4, requirements: null, careerOpportunities: null, universityId: 7 };
}

const zone = process.env.TZ;
beforeEach(() => jest.resetAllMocks());
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const renderList = (route = '/intakes') => renderPage(<IntakesList />, { path: '/intakes', route });

describe('intakes list', () => {
  it("shows an ADMIN its own university's intakes with dates in Lusaka time, state and applications", async () => {
    signIn('ADMIN', { universityId: 7 });
    api.ofUniversity.mockResolvedValue([intake(1), intake(2, { state: 'UPCOMING', opensAt: '2027-03-01T06:00:00Z', closesAt: '2027-04-01T06:00:00Z', applicationCount: 0 })]);
    renderList();
    expect(screen.getByText('Loading intakes...')).toBeInTheDocument();
    const row = (await screen.findByText('Intake 1')).closest('tr')!;
    for (const header of ['Name', 'Opens', 'Closes', 'State', 'Applications', 'Actions']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(row).getByText('1 Jan 2027, 08:00 CAT')).toBeInTheDocument();
    expect(within(row).getByText('15 Jan 2027, 17:00 CAT')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByText('Intake 2').closest('tr')!).getByText('Upcoming')).toBeInTheDocument();
    expect(api.ofUniversity).toHaveBeenCalledWith(7, { cache: 'no-cache' });
    // The actions fit the state: an open intake is extended or closed, an upcoming one opened early.
    expect(screen.getByRole('button', { name: 'Close Intake 1 now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extend Intake 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open Intake 1 now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Intake 2 now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close Intake 2 now' })).not.toBeInTheDocument();
  });

  it('lets a SUPERUSER pick the university, starting from the one selected in the top bar', async () => {
    signIn('SUPERUSER');
    universities.list.mockResolvedValue([
      { id: 3, name: 'UNZA', location: null, website: null, contactInfo: null, about: null, imageUrl: null },
      { id: 4, name: 'CBU', location: null, website: null, contactInfo: null, about: null, imageUrl: null },
    ]);
    api.ofUniversity.mockResolvedValue([]);
    renderList();
    expect(screen.getByText('Select a university to see its intakes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New intake' })).toBeDisabled();
    await screen.findByRole('option', { name: 'CBU' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'University' }), 'CBU');
    await screen.findByText('No Intakes Found');
    expect(api.ofUniversity).toHaveBeenCalledWith(4, { cache: 'no-cache' });
    await userEvent.click(screen.getByRole('button', { name: 'New intake' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/intakes/add');
  });

  it("follows a SUPERUSER's selected university", async () => {
    signIn('SUPERUSER', { selectedUniversity: 3 });
    universities.list.mockResolvedValue([]);
    api.ofUniversity.mockResolvedValue([intake(1, { universityId: 3 })]);
    renderList();
    await screen.findByText('Intake 1');
    expect(api.ofUniversity).toHaveBeenCalledWith(3, { cache: 'no-cache' });
  });

  it('closes an intake now after confirming, and reads the list again', async () => {
    signIn('ADMIN');
    api.ofUniversity.mockResolvedValueOnce([intake(1)]).mockResolvedValueOnce([intake(1, { state: 'CLOSED' })]);
    api.update.mockResolvedValue(intake(1, { state: 'CLOSED' }));
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Close Intake 1 now' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Close Intake 1 now?')).toBeInTheDocument();
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close now' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    const [id, body] = api.update.mock.calls[0]!;
    expect(id).toBe(1);
    expect(Date.parse(body.closesAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.closesAt)).toBeLessThanOrEqual(Date.now());
    expect(body).toMatchObject({ name: 'Intake 1', opensAt: '2027-01-01T06:00:00.000Z', programs: [{ programId: 1, capacity: 30 }], fees: [] });
    await screen.findByText('Closed');
    expect(api.ofUniversity).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Intake 1 is closed')).toBeInTheDocument();
  });

  it('opens an upcoming intake now', async () => {
    signIn('ADMIN');
    api.ofUniversity.mockResolvedValueOnce([intake(2, { state: 'UPCOMING' })]).mockResolvedValueOnce([intake(2, { state: 'OPEN' })]);
    api.update.mockResolvedValue(intake(2));
    renderList();
    const before = Date.now();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Intake 2 now' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    const body = api.update.mock.calls[0]![1];
    expect(Date.parse(body.opensAt)).toBeGreaterThanOrEqual(before);
    expect(body.closesAt).toBe('2027-01-15T15:00:00.000Z');
    await screen.findByText('Open');
  });

  it('extends the closing time, typed in Lusaka time on a laptop set to another zone', async () => {
    process.env.TZ = 'America/New_York';
    signIn('ADMIN');
    api.ofUniversity.mockResolvedValueOnce([intake(1)]).mockResolvedValueOnce([intake(1, { closesAt: '2027-02-01T15:00:00.000Z' })]);
    api.update.mockResolvedValue(intake(1));
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Extend Intake 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend Intake 1' });
    const field = within(dialog).getByLabelText('New closing time');
    expect(field).toHaveValue('2027-01-15T17:00');
    fireEvent.change(field, { target: { value: '2027-02-01T17:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save closing time' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, expect.objectContaining({ closesAt: '2027-02-01T15:00:00.000Z' })));
    await screen.findByText('1 Feb 2027, 17:00 CAT');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message when an intake with applications cannot be deleted", async () => {
    signIn('ADMIN');
    api.ofUniversity.mockResolvedValue([intake(1)]);
    api.remove.mockRejectedValue(httpError(409, { message: 'This intake has applications: close it instead of deleting it.' }));
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Intake 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await screen.findByText('This intake has applications: close it instead of deleting it.');
    expect(api.remove).toHaveBeenCalledWith(1);
    expect(screen.getByText('Intake 1')).toBeInTheDocument();
  });

  it('deletes an intake without applications and the list no longer shows it', async () => {
    signIn('ADMIN');
    api.ofUniversity.mockResolvedValueOnce([intake(1), intake(2)]).mockResolvedValueOnce([intake(2)]);
    api.remove.mockResolvedValue({ message: 'ok' });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Intake 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await screen.findByText('The intake has been deleted.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Intake 1')).not.toBeInTheDocument());
    expect(screen.getByText('Intake 2')).toBeInTheDocument();
  });
});

describe('new intake form', () => {
  const renderAdd = () => renderPage(<AddIntake />, { path: '/intakes/add', route: '/intakes/add' });

  it('names the page for a SUPERUSER who has not chosen a university yet, and asks for one', async () => {
    signIn('SUPERUSER');
    universities.list.mockResolvedValue([{ id: 7, name: 'University of Zambia' }] as never);
    renderAdd();
    expect(screen.getByRole('heading', { level: 1, name: 'New Intake' })).toBeInTheDocument();
    expect(screen.getByText('Select a university to add an intake to.')).toBeInTheDocument();
    expect(programs.ofUniversity).not.toHaveBeenCalled();
  });

  it('says in plain words what is wrong, next to each field, and sends nothing', async () => {
    signIn('ADMIN');
    programs.ofUniversity.mockResolvedValue([program(1), program(2)]);
    renderAdd();
    await screen.findByRole('checkbox', { name: 'Program 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Intake' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Offer at least one program')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), '2027 January intake');
    fireEvent.change(screen.getByLabelText(/Opens at/), { target: { value: '2027-01-10T08:00' } });
    fireEvent.change(screen.getByLabelText(/Closes at/), { target: { value: '2027-01-05T17:00' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Program 1' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Places in Program 1' }), '-2');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Fee for International' }), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Intake' }));
    expect(screen.getByText('The closing date must be after the opening date')).toBeInTheDocument();
    expect(screen.getByText('Places cannot be negative')).toBeInTheDocument();
    expect(screen.getByText('The fee cannot be below zero')).toBeInTheDocument();
    expect(screen.queryByText('Offer at least one program')).not.toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('creates the intake with times read as Lusaka time whatever the zone of the laptop, then shows the list', async () => {
    process.env.TZ = 'Asia/Tokyo';
    signIn('ADMIN');
    programs.ofUniversity.mockResolvedValue([program(1), program(2), program(3)]);
    api.create.mockResolvedValue(intake(9));
    renderAdd();
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), '2027 January intake');
    fireEvent.change(screen.getByLabelText(/Opens at/), { target: { value: '2027-01-01T08:00' } });
    fireEvent.change(screen.getByLabelText(/Closes at/), { target: { value: '2027-01-15T17:00' } });
    expect(screen.getByRole('spinbutton', { name: 'Places in Program 1' })).toBeDisabled();
    // The program's name is beside the field: its visible label stays short, so a long name is never cut off.
    expect(screen.getAllByText('Places', { selector: 'label' }).length).toBeGreaterThan(0);
    expect(screen.queryByText('Places in Program 1', { selector: 'label' })).toBeNull();
    expect(screen.queryByText('Empty for unlimited')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Program 1' }));
    expect(screen.getByText('Empty for unlimited')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Places in Program 1' }), '30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Program 3' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Fee for Zambian citizen' }), '150');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Fee for International' }), '60');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency for International' }), 'USD');
    await userEvent.click(screen.getByRole('button', { name: 'Create Intake' }));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(7, {
        name: '2027 January intake',
        opensAt: '2027-01-01T06:00:00.000Z',
        closesAt: '2027-01-15T15:00:00.000Z',
        programs: [
          { programId: 1, capacity: 30 },
          { programId: 3, capacity: null },
        ],
        fees: [
          { category: 'ZAMBIAN', amount: 150, currency: 'ZMW' },
          { category: 'INTERNATIONAL', amount: 60, currency: 'USD' },
        ],
      }),
    );
    await screen.findByText('Intake Created Successfully');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/intakes');
  });

  it("shows the server's refusal under the field it concerns, and any other refusal above the form", async () => {
    signIn('ADMIN');
    programs.ofUniversity.mockResolvedValue([program(1)]);
    api.create
      .mockRejectedValueOnce(httpError(400, { message: 'programs.0.capacity: must not be negative' }))
      .mockRejectedValueOnce(httpError(409, { message: 'An intake named 2027 January intake already overlaps these dates.' }));
    renderAdd();
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), '2027 January intake');
    fireEvent.change(screen.getByLabelText(/Opens at/), { target: { value: '2027-01-01T08:00' } });
    fireEvent.change(screen.getByLabelText(/Closes at/), { target: { value: '2027-01-15T17:00' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Program 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Intake' }));
    await screen.findByText('Places must not be negative');
    await userEvent.click(screen.getByRole('button', { name: 'Create Intake' }));
    await screen.findByText('An intake named 2027 January intake already overlaps these dates.');
    expect(screen.queryByText('Places must not be negative')).not.toBeInTheDocument();
  });
});

describe('edit intake and its places', () => {
  it('fills the form from the server in Lusaka time and saves the change', async () => {
    process.env.TZ = 'UTC';
    signIn('ADMIN');
    api.get.mockResolvedValue(intake(1, { fees: [{ category: 'SADC', amount: 40, currency: 'USD' }] }));
    programs.ofUniversity.mockResolvedValue([program(1), program(2)]);
    api.update.mockResolvedValue(intake(1));
    renderPage(<EditIntake />, { path: '/intakes/edit/:id', route: '/intakes/edit/1' });
    expect(await screen.findByLabelText(/Opens at/)).toHaveValue('2027-01-01T08:00');
    expect(screen.getByLabelText(/Closes at/)).toHaveValue('2027-01-15T17:00');
    expect(screen.getByRole('checkbox', { name: 'Program 1' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Places in Program 1' })).toHaveValue(30);
    expect(screen.getByRole('checkbox', { name: 'Program 2' })).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Fee for SADC citizen' })).toHaveValue(40);
    expect(screen.getByRole('combobox', { name: 'Currency for SADC citizen' })).toHaveValue('USD');
    const places = screen.getByRole('spinbutton', { name: 'Places in Program 1' });
    await userEvent.clear(places);
    await userEvent.click(screen.getByRole('button', { name: 'Update Intake' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(1, expect.objectContaining({ programs: [{ programId: 1, capacity: null }], fees: [{ category: 'SADC', amount: 40, currency: 'USD' }] })),
    );
    await screen.findByText('Intake Updated Successfully');
  });

  it('shows places, accepted and pending per program', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(intake(1));
    api.capacity.mockResolvedValue({
      intakeId: 1,
      programs: [
        { programId: 1, programName: 'Program 1', capacity: 2, accepted: 2, pending: 5 },
        { programId: 2, programName: 'Program 2', capacity: null, accepted: 1, pending: 0 },
      ],
    });
    renderPage(<IntakeDetail />, { path: '/intakes/:id', route: '/intakes/1' });
    expect(await screen.findByRole('heading', { name: 'Intake 1' })).toBeInTheDocument();
    const full = screen.getByText('Program 1').closest('tr')!;
    expect(
      within(full)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Program 1', '2', '2', '0', '5', '0', '']);
    expect(within(screen.getByText('Program 2').closest('tr')!).getByText('Unlimited')).toBeInTheDocument();
    expect(screen.getByText('Standard fee (ZMW 150.75)')).toBeInTheDocument();
  });

  it('after a declined or lapsed offer, offers the free place to the next on the waitlist (issue 17)', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(intake(1));
    api.capacity.mockResolvedValue({
      intakeId: 1,
      programs: [
        { programId: 1, programName: 'Program 1', capacity: 2, accepted: 1, pending: 0, offered: 0, waitlisted: 2, nextOnWaitlist: { applicationId: 44, fullName: 'Bupe Mwila' } },
        { programId: 2, programName: 'Program 2', capacity: 1, accepted: 0, pending: 0, offered: 1, waitlisted: 1, nextOnWaitlist: null },
      ],
    });
    renderPage(<IntakeDetail />, { path: '/intakes/:id', route: '/intakes/1' });
    const row = (await screen.findByText('Program 1')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Offer to next on waitlist' })).toHaveAttribute('href', '/applications/44');
    const held = screen.getByText('Program 2').closest('tr')!;
    expect(
      within(held)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Program 2', '1', '0', '1', '0', '1', '']);
    expect(within(held).queryByRole('link', { name: 'Offer to next on waitlist' })).not.toBeInTheDocument();
  });

  it('shows not found for an intake of another university to an ADMIN', async () => {
    signIn('ADMIN', { universityId: 7 });
    api.get.mockResolvedValue(intake(1, { universityId: 8 }));
    api.capacity.mockResolvedValue({ intakeId: 1, programs: [] });
    renderPage(<IntakeDetail />, { path: '/intakes/:id', route: '/intakes/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Intake not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all intakes' })).toHaveAttribute('href', '/intakes');
  });

  it('says an intake that does not exist is not found, with a link to the list', async () => {
    signIn('ADMIN', { universityId: 7 });
    api.get.mockRejectedValue(httpError(404, { message: 'Intake not found' }));
    api.capacity.mockRejectedValue(httpError(404, { message: 'Intake not found' }));
    renderPage(<IntakeDetail />, { path: '/intakes/:id', route: '/intakes/99999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Intake not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all intakes' })).toHaveAttribute('href', '/intakes');
  });
});
