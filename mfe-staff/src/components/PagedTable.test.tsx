import { render, screen, within } from '@testing-library/react';
import { PagedTable } from './PagedTable';

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});
function viewport(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

const rows = [{ id: 1, name: 'Mwila Banda', status: 'Active' }];
const columns = [
  { header: 'Name', cell: (r: (typeof rows)[number]) => r.name },
  { header: 'Status', cell: (r: (typeof rows)[number]) => r.status },
  { header: 'Actions', cell: (r: (typeof rows)[number]) => <button type="button">Archive {r.name}</button> },
];

describe('paged table', () => {
  it('on a phone shows each row as a card where Status and Actions stay in view', () => {
    viewport(true);
    render(<PagedTable label="Users" columns={columns} rows={rows} total={1} page={1} size={20} onPage={jest.fn()} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Users' })).getByRole('listitem');
    expect(within(card).getByText('Status')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Archive Mwila Banda' })).toBeInTheDocument();
  });

  it('on a wider screen shows the table with its headers', () => {
    viewport(false);
    render(<PagedTable label="Users" columns={columns} rows={rows} total={1} page={1} size={20} onPage={jest.fn()} />);
    const table = screen.getByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Status', 'Actions']);
  });
});
