import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { errorText, usersApi, type StudentListItem } from 'shared-api';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { PagedTable } from '../../../components/PagedTable';
import { useDebounced } from '../../../hooks/useDebounced';
import { useScope } from '../../../hooks/useScope';

export const STUDENTS_PAGE_SIZE = 20;

export function StudentsList() {
  const { isSuperuser, universityId } = useScope();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<StudentListItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const scoped = isSuperuser ? universityId : null;

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    usersApi
      .students({ page, size: STUDENTS_PAGE_SIZE, search: debounced || undefined, universityId: scoped ?? undefined })
      .then((result) => {
        if (!live) return;
        setRows(result.items);
        setTotal(result.total);
      })
      .catch((err) => {
        if (!live) return;
        setRows([]);
        setError(errorText(err, 'Failed to fetch students'));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, debounced, scoped]);

  return (
    <Box>
      <PageHeader title="Students" />
      <TextField
        label="Search"
        placeholder="Name, email or phone"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        fullWidth
        sx={{ mb: 2 }}
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {loading ? (
        <Loading text="Loading students..." />
      ) : rows.length === 0 ? (
        !error && (
          <Paper sx={{ p: 4, textAlign: 'center' }}>
            <Typography>No students found.</Typography>
          </Paper>
        )
      ) : (
        <PagedTable
          label="Students"
          rows={rows}
          total={total}
          page={page}
          size={STUDENTS_PAGE_SIZE}
          onPage={setPage}
          columns={[
            { header: 'Name', cell: (s) => s.fullName },
            { header: 'Email', cell: (s) => s.email },
            { header: 'Phone', cell: (s) => s.phone || 'Not provided' },
            { header: 'Applications', cell: (s) => s.applications },
            { header: 'Last Applied', cell: (s) => (s.lastAppliedAt ? s.lastAppliedAt.slice(0, 10) : '—') },
          ]}
        />
      )}
    </Box>
  );
}
