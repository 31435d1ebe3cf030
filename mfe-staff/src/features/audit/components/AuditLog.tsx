import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { auditApi, errorText, formatDateTime, type AuditEntry } from 'shared-api';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { PagedTable } from '../../../components/PagedTable';
import { useDebounced } from '../../../hooks/useDebounced';

export const AUDIT_PAGE_SIZE = 20;

/** The SUPERUSER's view of the audit trail, newest first, paged on the server. */
export function AuditLog() {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    auditApi
      .list({ page, size: AUDIT_PAGE_SIZE, search: debounced || undefined })
      .then((result) => {
        if (!live) return;
        setRows(result.items);
        setTotal(result.total);
      })
      .catch((err) => {
        if (!live) return;
        setRows([]);
        setError(errorText(err, 'Failed to fetch the audit log'));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, debounced]);

  return (
    <Box>
      <PageHeader title="Audit Log" />
      <TextField
        label="Search"
        placeholder="Actor, action or target"
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
        <Loading text="Loading audit log..." />
      ) : rows.length === 0 ? (
        !error && (
          <Paper sx={{ p: 4, textAlign: 'center' }}>
            <Typography>No audit entries found.</Typography>
          </Paper>
        )
      ) : (
        <PagedTable
          label="Audit Log"
          rows={rows}
          total={total}
          page={page}
          size={AUDIT_PAGE_SIZE}
          onPage={setPage}
          columns={[
            { header: 'Time', cell: (e) => formatDateTime(e.at) },
            { header: 'Actor', cell: (e) => e.actorEmail ?? 'System' },
            { header: 'Action', cell: (e) => e.action },
            { header: 'Target', cell: (e) => e.target ?? '—' },
            { header: 'Outcome', cell: (e) => e.outcome },
            { header: 'IP', cell: (e) => e.ip ?? '—' },
          ]}
        />
      )}
    </Box>
  );
}
