import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { feeWaiversApi, intakesApi, universitiesApi, type FeeWaiver, type Intake } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { FeeWaiversPage } from './index';
import { endOfLusakaDay } from './components/FeeWaiversPage';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return {
    ...actual,
    feeWaiversApi: { ofUniversity: jest.fn(), create: jest.fn(), apply: jest.fn() },
    intakesApi: { ofUniversity: jest.fn() },
    universitiesApi: { list: jest.fn() },
  };
});

const api = feeWaiversApi as jest.Mocked<typeof feeWaiversApi>;
const intakes = intakesApi as jest.Mocked<typeof intakesApi>;
const universities = universitiesApi as jest.Mocked<typeof universitiesApi>;

function waiver(id: number, extra: Partial<FeeWaiver> = {}): FeeWaiver {
  return {
    id,
    universityId: 7,
    intakeId: null,
    intakeName: null,
    code: `CODE${id}ABC`.slice(0, 8),
    maxUses: 1,
    uses: 0,
    usesLeft: 1,
    expiresAt: '2027-01-15T21:59:59.000Z',
    expired: false,
    createdAt: '2026-11-25T10:00:00.000Z',
    ...extra,
  };
}

const intake = { id: 5, universityId: 7, name: '2027 January intake', opensAt: '2027-01-01T00:00:00Z', closesAt: '2027-02-01T00:00:00Z', state: 'OPEN', programs: [], fees: [] } as Intake;

beforeEach(() => {
  jest.resetAllMocks();
  intakes.ofUniversity.mockResolvedValue([intake]);
});

const renderWaivers = () => renderPage(<FeeWaiversPage />, { path: '/fee-waivers', route: '/fee-waivers' });

describe('fee waivers page', () => {
  it("shows an ADMIN its own university's codes with the uses left and their status", async () => {
    signIn('ADMIN', { universityId: 7 });
    api.ofUniversity.mockResolvedValue([
      waiver(1, { code: 'K7XM2QPA', intakeId: 5, intakeName: '2027 January intake', maxUses: 25, uses: 3, usesLeft: 22 }),
      waiver(2, { code: 'ZZ4Y8WRT', usesLeft: 0, uses: 1 }),
      waiver(3, { code: 'PQ9RS3TV', expired: true }),
    ]);
    renderWaivers();
    expect(screen.getByRole('heading', { name: 'Fee waivers' })).toBeInTheDocument();
    const row = (await screen.findByText('K7XM2QPA')).closest('tr')!;
    for (const header of ['Code', 'Intake', 'Uses left', 'Valid until', 'Status']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(row).getByText('2027 January intake')).toBeInTheDocument();
    expect(within(row).getByText('22 of 25')).toBeInTheDocument();
    expect(within(row).getByText('15 Jan 2027, 23:59 CAT')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByText('ZZ4Y8WRT').closest('tr')!).getByText('Used up')).toBeInTheDocument();
    expect(within(screen.getByText('PQ9RS3TV').closest('tr')!).getByText('Expired')).toBeInTheDocument();
    expect(within(screen.getByText('PQ9RS3TV').closest('tr')!).getByText('Any intake')).toBeInTheDocument();
    expect(api.ofUniversity).toHaveBeenCalledWith(7);
    expect(screen.queryByRole('combobox', { name: 'University' })).toBeNull();
  });

  it('creates a code for an intake: the server makes it, the page shows it and lists it', async () => {
    const user = userEvent.setup();
    signIn('ADMIN', { universityId: 7 });
    api.ofUniversity.mockResolvedValueOnce([]).mockResolvedValue([waiver(9, { code: 'N3WCQDEX', maxUses: 10, usesLeft: 10, intakeId: 5, intakeName: '2027 January intake' })]);
    api.create.mockResolvedValue(waiver(9, { code: 'N3WCQDEX', maxUses: 10, usesLeft: 10, intakeId: 5, intakeName: '2027 January intake' }));
    renderWaivers();
    await screen.findByText('No fee waiver codes yet');
    const form = screen.getByRole('form', { name: 'New fee waiver code' });
    await user.clear(within(form).getByRole('textbox', { name: 'Uses' }));
    await user.type(within(form).getByRole('textbox', { name: 'Uses' }), '10');
    const day = within(form).getByLabelText('Valid until (last day)');
    await user.clear(day);
    await user.type(day, '2027-01-15');
    await waitFor(() => expect(within(form).getByRole('option', { name: '2027 January intake' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Intake' }), '5');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith(7, { maxUses: 10, expiresAt: endOfLusakaDay('2027-01-15'), intakeId: 5 }));
    expect(endOfLusakaDay('2027-01-15')).toBe('2027-01-15T21:59:59.000Z');
    expect(await screen.findByText(/New code:/)).toHaveTextContent('New code: N3WCQDEX — 10 uses, valid until 15 Jan 2027, 23:59 CAT');
    expect(await screen.findByRole('cell', { name: 'N3WCQDEX' })).toBeInTheDocument();
  });

  it('says under the field what is wrong, and sends nothing', async () => {
    const user = userEvent.setup();
    signIn('ADMIN', { universityId: 7 });
    api.ofUniversity.mockResolvedValue([]);
    renderWaivers();
    const form = await screen.findByRole('form', { name: 'New fee waiver code' });
    await user.clear(within(form).getByRole('textbox', { name: 'Uses' }));
    await user.type(within(form).getByRole('textbox', { name: 'Uses' }), '0');
    const day = within(form).getByLabelText('Valid until (last day)');
    await user.clear(day);
    await user.type(day, '2020-01-01');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(screen.getByText('Enter a whole number of uses, 1 or more (1 = single-use)')).toBeInTheDocument();
    expect(screen.getByText('Choose a day that is not over yet')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of a field under that field in plain words", async () => {
    const user = userEvent.setup();
    signIn('ADMIN', { universityId: 7 });
    api.ofUniversity.mockResolvedValue([]);
    api.create.mockRejectedValue(httpError(400, { message: 'expiresAt: must be in the future', error: 'Bad Request' }));
    renderWaivers();
    const form = await screen.findByRole('form', { name: 'New fee waiver code' });
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    await screen.findByText('Choose a day that is not over yet');
    expect(screen.queryByText(/expiresAt/)).toBeNull();
  });

  it('lets a SUPERUSER pick the university first', async () => {
    const user = userEvent.setup();
    signIn('SUPERUSER');
    universities.list.mockResolvedValue([
      { id: 3, name: 'UNZA', location: null, website: null, contactInfo: null, about: null, imageUrl: null },
      { id: 4, name: 'CBU', location: null, website: null, contactInfo: null, about: null, imageUrl: null },
    ]);
    api.ofUniversity.mockResolvedValue([waiver(1, { universityId: 4, code: 'CBUCODE2' })]);
    renderWaivers();
    expect(screen.getByText('Select a university to see its fee waiver codes.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New fee waiver code' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('option', { name: 'CBU' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'University' }), '4');
    await screen.findByText('CBUCODE2');
    expect(api.ofUniversity).toHaveBeenCalledWith(4);
  });
});
