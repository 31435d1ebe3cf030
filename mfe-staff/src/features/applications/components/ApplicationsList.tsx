import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  applicationsApi,
  errorText,
  filesApi,
  forgetPreloadedResponse,
  formatPhone,
  START_AFTER_END,
  useFormHandover,
  usePreloadedResponse,
  type Application,
  type ApplicationBulk,
  type ApplicationListQuery,
  type AssignedFilter,
  type Paged,
} from 'shared-api';
import { useServerData } from 'shared-api/data';
import { notify } from 'shared-auth';
import { useFeedback } from 'shared-auth/dialogs';
import { ViewIcon } from '../../../components/icons';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { PagedTable } from '../../../components/PagedTable';
import { useDebounced } from '../../../hooks/useDebounced';
import { useScope } from '../../../hooks/useScope';
import { bulkApplications } from '../api/bulkApplications';
import { AssignDialog, countOf } from './Assignment';
import { CeilingBadge, DuplicateBadge, formatDate, PaymentBadge, StatusBadge } from './badges';
import { DeclineDialog } from './DecisionDialogs';
import { FIRST_PAGE_PATH, PAGE_SIZE } from '../first-page';

const STATUS_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['', 'All'],
  ['PENDING', 'Pending'],
  ['APPROVED', 'Approved'],
  ['REJECTED', 'Rejected'],
  ['PENDING_REVIEW', 'Pending review'],
  ['DOCUMENTS_REQUESTED', 'Documents requested'],
  // Issue 17: an offer made, the waitlist, and offers that ended without a place.
  ['OFFERED', 'Offer made'],
  ['WAITLISTED', 'Waitlisted'],
  ['OFFER_DECLINED', 'Offer declined'],
  ['OFFER_LAPSED', 'Offer lapsed'],
];

/** The queue filters (issue 17): everyone's, the caller's own, nobody's yet. */
const QUEUE_OPTIONS: ReadonlyArray<readonly [AssignedFilter | '', string]> = [
  ['', 'All'],
  ['me', 'Assigned to me'],
  ['none', 'Unassigned'],
];

/** The list's order; 'points' (issue 17 item 4): best Grade 12 points first, applications without results last. */
const SORT_OPTIONS: ReadonlyArray<readonly [NonNullable<ApplicationListQuery['sort']>, string]> = [
  ['newest', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['name', 'Name'],
  ['points', 'Points (best first)'],
];

/** A points bound as the server takes it: a whole number from 5 to 45 (best-five totals). */
function pointsBound(value: string): number | undefined | 'invalid' {
  const text = value.trim();
  if (text === '') return undefined;
  const n = Number(text);
  return /^\d+$/.test(text) && n >= 5 && n <= 45 ? n : 'invalid';
}

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
  const { alert, confirm } = useFeedback();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [assigned, setAssigned] = useState<AssignedFilter | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<NonNullable<ApplicationListQuery['sort']>>('newest');
  const [maxPointsText, setMaxPointsText] = useState('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  // Bulk selection (issue 17): rows picked by hand, or every application matching the filters.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [dialog, setDialog] = useState<'assign' | 'decline' | null>(null);
  const [busy, setBusy] = useState(false);

  const debounced = useDebounced(search.trim());
  // ISO dates compare as text; a backwards range is said under End date and not asked for.
  const backwards = from !== '' && to !== '' && from > to;
  const maxPoints = pointsBound(maxPointsText);
  const query: ApplicationListQuery = {
    sort: sort === 'newest' ? undefined : sort,
    maxPoints: maxPoints === 'invalid' ? undefined : maxPoints,
    search: debounced || undefined,
    status: status || undefined,
    assigned: assigned || undefined,
    from: from || undefined,
    to: to || undefined,
    universityId: isSuperuser && universityId !== null ? universityId : undefined,
  };
  const queryKey = JSON.stringify(query);
  // A page the server rendered for this person carries the queue's first page with no filter
  // (decision 013): the first render shows it, as the server did, without asking again.
  const [renderedFirstPage] = useState(usePreloadedResponse<Paged<Application>>(FIRST_PAGE_PATH));
  useEffect(() => {
    // Used once: a later visit to the page asks the server.
    if (renderedFirstPage !== undefined) forgetPreloadedResponse(FIRST_PAGE_PATH);
  }, [renderedFirstPage]);

  // The page shown stays (dimmed) while the next page or filter's answer loads: the pager stays under the finger.
  const {
    data,
    loading,
    refreshing,
    error: loadError,
    refresh,
  } = useServerData(backwards ? null : () => applicationsApi.page({ ...(JSON.parse(queryKey) as ApplicationListQuery), page, size: PAGE_SIZE }), [queryKey, page, backwards], {
    keepWhileLoading: true,
    initial: queryKey === '{}' && page === 1 ? renderedFirstPage : undefined,
  });
  // Spec §2.4: submitted applications are not shown in the ADMIN list.
  const items: Application[] = data ? (isSuperuser ? data.items : data.items.filter((a) => a.status.toUpperCase() !== 'SUBMITTED')) : [];
  const total = data?.total ?? 0;

  useEffect(() => {
    if (loadError) void alert({ title: 'Error', text: 'Failed to fetch applications', icon: 'error' });
  }, [loadError, alert]);

  // New filters make a new list: what was selected in the old one no longer applies.
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [queryKey]);

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

  const pageIds = items.map((a) => a.id);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const count = allMatching ? total : selected.size;
  const toggle = (id: number) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const togglePage = () => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds)
        if (pageSelected) next.delete(id);
        else next.add(id);
      return next;
    });
  };
  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };

  // The server may render this list for its person (decision 013): what was typed or ticked
  // before the app took the page over is taken over with it, never lost.
  const form = useRef<HTMLFormElement>(null);
  const filters: Record<string, (value: string) => void> = {
    search: (value) => setSearch(value),
    status: setStatus,
    assigned: (value) => setAssigned(value as AssignedFilter | ''),
    sort: (value) => setSort(value as typeof sort),
    maxPoints: setMaxPointsText,
    from: setFrom,
    to: setTo,
  };
  useFormHandover(form, ({ name, value, checked }) => {
    if (Object.hasOwn(filters, name)) {
      filters[name]!(value);
      setPage(1);
    } else if (name === 'select') {
      const id = Number(value);
      setSelected((current) => {
        const next = new Set(current);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      });
    } else if (name === 'selectPage' && checked) setSelected((current) => new Set([...current, ...pageIds]));
  });

  /** Runs one bulk action on the selection after its confirmation; all or nothing on the server. */
  const runBulk = async (action: Pick<ApplicationBulk, 'action' | 'userId' | 'reason'>, question: string, detail: string, done: (n: number) => string) => {
    setDialog(null);
    if (!(await confirm({ title: question, text: detail, icon: 'warning', confirmText: 'Yes', cancelText: 'Cancel' }))) return;
    setBusy(true);
    try {
      const result = await bulkApplications({ ...action, ...(allMatching ? { filter: query } : { ids: [...selected] }) });
      notify(done(result.count), 'success');
      clearSelection();
      await refresh();
    } catch (err) {
      await alert({ title: 'Nothing was changed', text: errorText(err, 'The applications could not be changed. Please try again.'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const assignTo = (userId: number | null, name: string | null) =>
    void runBulk({ action: 'assign', userId }, name ? `Assign ${countOf(count)} to ${name}?` : `Unassign ${countOf(count)}?`, 'Each application records the change in its history.', (n) =>
      name ? `${countOf(n)} assigned to ${name}` : `${countOf(n)} unassigned`,
    );
  const declineAll = (reason: string) =>
    void runBulk({ action: 'decline', reason }, `Decline ${countOf(count)}?`, `Each applicant is told by e-mail, with the reason: ${reason}`, (n) => `${countOf(n)} declined`);

  return (
    <Box component="form" ref={form} noValidate onSubmit={(event) => event.preventDefault()}>
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
          name="search"
          placeholder="Name, email or phone"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <TextField select label="Status" name="status" value={status} onChange={changeFilter(setStatus)} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
          {(isSuperuser ? [...STATUS_OPTIONS, ['SUBMITTED', 'Submitted'] as const] : STATUS_OPTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label="Queue"
          name="assigned"
          value={assigned}
          onChange={changeFilter((value) => setAssigned(value as AssignedFilter | ''))}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {QUEUE_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label="Sort by"
          name="sort"
          value={sort}
          onChange={changeFilter((value) => setSort(value as typeof sort))}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {SORT_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
        <TextField
          label="Max points"
          name="maxPoints"
          type="number"
          value={maxPointsText}
          onChange={changeFilter(setMaxPointsText)}
          error={maxPoints === 'invalid'}
          helperText={maxPoints === 'invalid' ? 'Enter a whole number from 5 to 45' : 'Grade 12 best five, lower is better'}
          slotProps={{ htmlInput: { min: 5, max: 45, step: 1 } }}
        />
        <TextField label="Start date" name="from" type="date" value={from} onChange={changeFilter(setFrom)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField
          label="End date"
          name="to"
          type="date"
          value={to}
          onChange={changeFilter(setTo)}
          error={backwards}
          helperText={backwards ? START_AFTER_END : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Paper>
      {count > 0 && (
        <Paper role="region" aria-label="Bulk actions" sx={{ p: 1.5, mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{allMatching ? `All ${countOf(total)} matching the filters are selected` : `${countOf(selected.size)} selected`}</Typography>
          {!allMatching && pageSelected && total > selected.size && (
            <Button size="small" onClick={() => setAllMatching(true)}>
              Select all {total} matching
            </Button>
          )}
          <Button size="small" onClick={clearSelection}>
            Clear selection
          </Button>
          <Box sx={{ display: 'flex', gap: 1, ml: { sm: 'auto' } }}>
            <Button variant="outlined" onClick={() => setDialog('assign')} disabled={busy}>
              Assign to…
            </Button>
            <Button variant="contained" color="error" onClick={() => setDialog('decline')} disabled={busy}>
              Decline…
            </Button>
          </Box>
        </Paper>
      )}
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
          busy={refreshing}
          columns={[
            {
              header: 'Select',
              headerContent: (
                <Checkbox
                  checked={allMatching || pageSelected}
                  indeterminate={!allMatching && !pageSelected && pageIds.some((id) => selected.has(id))}
                  onChange={togglePage}
                  slotProps={{ input: { name: 'selectPage', 'aria-label': 'Select all on this page' } }}
                />
              ),
              cell: (a) => (
                <Checkbox
                  checked={allMatching || selected.has(a.id)}
                  onChange={() => toggle(a.id)}
                  slotProps={{ input: { name: 'select', value: String(a.id), 'aria-label': `Select application of ${a.applicantName || a.fullName}` } }}
                />
              ),
            },
            { header: 'Applicant Name', cell: (a) => a.applicantName || a.fullName },
            { header: 'Program', cell: (a) => a.program?.name ?? a.programChoices[0]?.programName ?? '—' },
            { header: 'Applicant Cell', cell: (a) => formatPhone(a.phoneNumber) },
            { header: 'Applicant Email', cell: (a) => a.email },
            { header: 'Date Applied', cell: (a) => formatDate(a.applicationDate) },
            { header: 'Points', cell: (a) => a.points ?? '—' },
            {
              header: 'Status',
              cell: (a) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  <StatusBadge status={a.status} />
                  <DuplicateBadge duplicate={a.duplicate} />
                  <CeilingBadge above={a.pointsAboveCeiling} />
                </Box>
              ),
            },
            { header: 'Assignee', cell: (a) => a.assignee?.name ?? 'Unassigned' },
            { header: 'Payment Status', cell: (a) => <PaymentBadge payment={a.payment} /> },
            { header: 'Payment Reference', cell: (a) => a.payment?.reference ?? '—' },
            {
              header: 'Actions',
              cell: (a) => (
                // A link, not a button: it opens the application from the server's HTML too, before the app has taken the page over.
                <IconButton component={RouterLink} to={`/applications/${a.id}`} aria-label={`View application of ${a.applicantName || a.fullName}`}>
                  <ViewIcon />
                </IconButton>
              ),
            },
          ]}
        />
      )}
      {dialog === 'assign' && <AssignDialog open count={count} universityId={universityId} onCancel={() => setDialog(null)} onChoose={assignTo} />}
      {dialog === 'decline' && <DeclineDialog open busy={busy} title={`Decline ${countOf(count)}`} onCancel={() => setDialog(null)} onDecline={declineAll} />}
    </Box>
  );
}
