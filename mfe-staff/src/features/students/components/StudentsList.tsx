import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { errorText, formatDate, formatPhone, usersApi, type StudentListItem } from 'shared-api';
import { useFeedback } from '../../../components/Feedback';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { PagedTable } from '../../../components/PagedTable';
import { useDebounced } from '../../../hooks/useDebounced';
import { useScope } from '../../../hooks/useScope';
import { notify } from 'shared-auth';

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
  const { confirm, alert } = useFeedback();
  const [busyId, setBusyId] = useState<number | null>(null);

  // An ADMIN's answer to an applicant: no more applications to its university. The account
  // and the applicant's other universities stay as they are (only a SUPERUSER archives accounts).
  const toggleBlock = async (student: StudentListItem) => {
    const blocking = !student.blocked;
    const ok = await confirm({
      title: 'Are you sure?',
      text: blocking
        ? `${student.fullName} will not be able to apply to your university. Their account and other applications stay as they are.`
        : `${student.fullName} will be able to apply to your university again.`,
      icon: 'warning',
      confirmText: blocking ? 'Yes, block!' : 'Yes, unblock!',
      cancelText: 'Cancel',
    });
    if (!ok) return;
    setBusyId(student.id);
    try {
      const result = await usersApi.setUniversityBlock(student.id, blocking);
      setRows((list) => list.map((s) => (s.id === student.id ? { ...s, blocked: result.blocked } : s)));
      notify(blocking ? `${student.fullName} blocked from applying` : `${student.fullName} may apply again`, 'success');
    } catch (err) {
      await alert({ title: blocking ? 'Failed to block applicant.' : 'Failed to unblock applicant.', text: `Request failed: ${errorText(err, 'Server error')}`, icon: 'error' });
    } finally {
      setBusyId(null);
    }
  };

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
            { header: 'Phone', cell: (s) => formatPhone(s.phone) },
            { header: 'Applications', cell: (s) => s.applications },
            { header: 'Last Applied', cell: (s) => formatDate(s.lastAppliedAt, '—') },
            ...(isSuperuser
              ? []
              : [
                  {
                    header: 'Applying',
                    cell: (s: StudentListItem) => (
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <Chip size="small" variant="outlined" color={s.blocked ? 'error' : 'success'} label={s.blocked ? 'Blocked' : 'Allowed'} />
                        <Button
                          size="small"
                          variant="outlined"
                          color={s.blocked ? 'success' : 'error'}
                          disabled={busyId === s.id}
                          onClick={() => void toggleBlock(s)}
                          aria-label={`${s.blocked ? 'Unblock' : 'Block'} ${s.fullName}`}
                        >
                          {s.blocked ? 'Unblock' : 'Block'}
                        </Button>
                      </Box>
                    ),
                  },
                ]),
          ]}
        />
      )}
    </Box>
  );
}
