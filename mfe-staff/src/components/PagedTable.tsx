import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useAdoptingServerHtml } from 'shared-api';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** What the table's header cell shows instead of `header` (a select-all box, say); `header` still names it. */
  headerContent?: ReactNode;
}

/**
 * The rows as cards, for a phone: every column stays readable without
 * scrolling sideways (Status and Actions included), one card per row.
 */
export function RowCards<T extends { id: number }>({ label, columns, rows }: { label: string; columns: Column<T>[]; rows: T[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {rows.map((row) => (
        <Paper component="li" key={row.id} variant="outlined" sx={{ p: 2 }}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 6.5rem) minmax(0, 1fr)', columnGap: 1.5, rowGap: 1, alignItems: 'center' }}>
            {columns.map((c) => (
              <Box key={c.header} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {c.header}
                </Typography>
                <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {c.cell(row)}
                </Box>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/**
 * Long text as one line in a list (the detail page has the whole of it, and
 * so does the title): a table stays a list to scan. Empty text reads '—'.
 */
export function oneLine(text: string | null | undefined) {
  if (!text || !text.trim()) return '—';
  return (
    <Box component="span" title={text} sx={{ display: 'block', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  );
}

/**
 * All rows as a table, or as cards on a phone. While a page the server rendered
 * is adopted, both, with CSS showing the one that fits (useAdoptingServerHtml):
 * the server cannot know the window's width.
 */
export function RowsTable<T extends { id: number }>({ label, columns, rows }: { label: string; columns: Column<T>[]; rows: T[] }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const adopting = useAdoptingServerHtml();
  if (adopting)
    return (
      <>
        <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
          <RowCards label={label} columns={columns} rows={rows} />
        </Box>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <RowTable label={label} columns={columns} rows={rows} />
        </Box>
      </>
    );
  if (phone) return <RowCards label={label} columns={columns} rows={rows} />;
  return <RowTable label={label} columns={columns} rows={rows} />;
}

function RowTable<T extends { id: number }>({ label, columns, rows }: { label: string; columns: Column<T>[]; rows: T[] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header}>{c.headerContent ?? c.header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((c) => (
                <TableCell key={c.header}>{c.cell(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * A table of one server page with its pager (page is 1-based); cards on a phone.
 * `busy`: the next page is on its way. The rows shown stay, dimmed and out of
 * reach (they are about to go), and the pager stays where the finger tapped it.
 */
export function PagedTable<T extends { id: number }>({
  label,
  columns,
  rows,
  total,
  page,
  size,
  onPage,
  busy = false,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  total: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  // While adopting the server's HTML, the phone's look comes from CSS alone (as the server drew it).
  const adopting = useAdoptingServerHtml();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true }) && !adopting;
  return (
    <Paper sx={phone ? { bgcolor: 'transparent', boxShadow: 'none' } : adopting ? { bgcolor: { xs: 'transparent', sm: 'background.paper' }, boxShadow: { xs: 'none', sm: 1 } } : undefined}>
      <Box aria-busy={busy || undefined} sx={busy ? { opacity: 0.6, pointerEvents: 'none', transition: 'opacity 150ms' } : undefined}>
        <RowsTable label={label} columns={columns} rows={rows} />
      </Box>
      <TablePagination component="div" count={total} page={page - 1} rowsPerPage={size} rowsPerPageOptions={[size]} onPageChange={(_e, next) => onPage(next + 1)} />
    </Paper>
  );
}
