import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { applicationsApi, errorText, filesApi, formatPhone, START_AFTER_END, type Application, type ApplicationListQuery } from 'shared-api';
import { useFeedback } from 'shared-auth/dialogs';
import { ViewIcon } from '../../../components/icons';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { PagedTable } from '../../../components/PagedTable';
import { useDebounced } from '../../../hooks/useDebounced';
import { useScope } from '../../../hooks/useScope';
import { DuplicateBadge, formatDate, PaymentBadge, StatusBadge } from './badges';

export const PAGE_SIZE = 20;

const STATUS_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['', 'All'],
  ['PENDING', 'Pending'],
  ['APPROVED', 'Approved'],
  ['REJECTED', 'Rejected'],
  ['PENDING_REVIEW', 'Pending review'],
  ['DOCUMENTS_REQUESTED', 'Documents requested'],
];

/** Downloads the CSV export with the bearer token and saves it as a file. */
async function exportCsv(query: ApplicationListQuery): Promise<void> {
  const url = applicationsApi.exportCsvUrl(query);
  const blob = await filesApi.download(url);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = `applications-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function ApplicationsList() {
  const { isSuperuser, universityId } = useScope();
  const navigate = useNavigate();
  const { alert } = useFeedback();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<Application[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);

  const debounced = useDebounced(search.trim());
  // ISO dates compare as text; a backwards range is said under End date and not asked for.
  const backwards = from !== '' && to !== '' && from > to;
  const query: ApplicationListQuery = {
    search: debounced || undefined,
    status: status || undefined,
    from: from || undefined,
    to: to || undefined,
    universityId: isSuperuser && universityId !== null ? universityId : undefined,
  };
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    if (backwards) return;
    let live = true;
    setLoading(true);
    applicationsApi
      .page({ ...(JSON.parse(queryKey) as ApplicationListQuery), page, size: PAGE_SIZE })
      .then((result) => {
        if (!live) return;
        // Spec §2.4: submitted applications are not shown in the ADMIN list.
        setItems(isSuperuser ? result.items : result.items.filter((a) => a.status.toUpperCase() !== 'SUBMITTED'));
        setTotal(result.total);
      })
      .catch(() => {
        if (!live) return;
        setItems([]);
        setTotal(0);
        void alert({ title: 'Error', text: 'Failed to fetch applications', icon: 'error' });
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [queryKey, page, isSuperuser, alert, backwards]);

  const changeFilter = (setter: (value: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setter(event.target.value);
    setPage(1);
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportCsv(query);
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, 'Failed to export applications'), icon: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <PageHeader
        title="Applications"
        action={
          <Button variant="outlined" onClick={() => void runExport()} disabled={exporting}>
            Export CSV
          </Button>
        }
      />
      <Paper sx={{ p: 2, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))' }}>
        <TextField
          label="Search"
          placeholder="Name, email or phone"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <TextField select label="Status" value={status} onChange={changeFilter(setStatus)} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
          {(isSuperuser ? [...STATUS_OPTIONS, ['SUBMITTED', 'Submitted'] as const] : STATUS_OPTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
        <TextField label="Start date" type="date" value={from} onChange={changeFilter(setFrom)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField
          label="End date"
          type="date"
          value={to}
          onChange={changeFilter(setTo)}
          error={backwards}
          helperText={backwards ? START_AFTER_END : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Paper>
      {backwards ? null : loading ? (
        <Loading text="Loading applications..." />
      ) : items.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography>No applications found.</Typography>
        </Paper>
      ) : (
        <PagedTable
          label="Applications"
          rows={items}
          total={total}
          page={page}
          size={PAGE_SIZE}
          onPage={setPage}
          columns={[
            { header: 'Applicant Name', cell: (a) => a.applicantName || a.fullName },
            { header: 'Program', cell: (a) => a.program?.name ?? a.programChoices[0]?.programName ?? '—' },
            { header: 'Applicant Cell', cell: (a) => formatPhone(a.phoneNumber) },
            { header: 'Applicant Email', cell: (a) => a.email },
            { header: 'Date Applied', cell: (a) => formatDate(a.applicationDate) },
            {
              header: 'Status',
              cell: (a) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  <StatusBadge status={a.status} />
                  <DuplicateBadge duplicate={a.duplicate} />
                </Box>
              ),
            },
            { header: 'Payment Status', cell: (a) => <PaymentBadge payment={a.payment} /> },
            { header: 'Payment Reference', cell: (a) => a.payment?.reference ?? '—' },
            {
              header: 'Actions',
              cell: (a) => (
                <IconButton aria-label={`View application of ${a.applicantName || a.fullName}`} onClick={() => navigate(`/applications/${a.id}`)}>
                  <ViewIcon />
                </IconButton>
              ),
            },
          ]}
        />
      )}
    </Box>
  );
}
