import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** A table of one server page with its pager (page is 1-based). */
export function PagedTable<T extends { id: number }>({
  label,
  columns,
  rows,
  total,
  page,
  size,
  onPage,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  total: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
}) {
  return (
    <Paper>
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
        <Table aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header}>{c.header}</TableCell>
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
      <TablePagination
        component="div"
        count={total}
        page={page - 1}
        rowsPerPage={size}
        rowsPerPageOptions={[size]}
        onPageChange={(_e, next) => onPage(next + 1)}
      />
    </Paper>
  );
}
