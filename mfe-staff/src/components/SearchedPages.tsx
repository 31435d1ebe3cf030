/**
 * The one searched, server-paged list of the staff area (audit log, students,
 * users): a search box that goes back to page 1, the page asked of the server
 * through the one data-loading hook, and the list's four states — loading,
 * failed, nothing found, rows with a pager.
 */
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type DependencyList } from 'react';
import { errorText, type Paged } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { useDebounced } from '../hooks/useDebounced';
import { Loading } from './Loading';
import { PagedTable, type Column } from './PagedTable';

export type PageQuery = {
  page: number;
  size: number;
  search?: string;
};

export interface SearchedPages<T> {
  search: string;
  setSearch: (text: string) => void;
  page: number;
  /** Back to page 1: call it when a filter other than the search changes. */
  restart: () => void;
  setPage: (page: number) => void;
  rows: T[];
  total: number;
  loading: boolean;
  /** The next page or search is on its way; the rows shown are the last answer's. */
  refreshing: boolean;
  error: string | null;
  /** Changes a row shown after the screen's own edit. */
  updateRows: (change: (rows: T[]) => T[]) => void;
}

/** `deps` are the list's other filters; `failure` what the error says when the server gives no reason. */
export function useSearchedPages<T>(load: (query: PageQuery) => Promise<Paged<T>>, options: { size: number; failure: string; deps: DependencyList }): SearchedPages<T> {
  const [search, setSearchText] = useState('');
  const debounced = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  // The last page stays shown while the next loads: the pager stays under the finger.
  const { data, loading, refreshing, error, setData } = useServerData(() => load({ page, size: options.size, search: debounced || undefined }), [page, debounced, ...options.deps], {
    keepWhileLoading: true,
  });
  return {
    search,
    setSearch: (text) => {
      setSearchText(text);
      setPage(1);
    },
    page,
    restart: () => setPage(1),
    setPage,
    rows: error ? [] : (data?.items ?? []),
    total: data?.total ?? 0,
    loading,
    refreshing,
    error: error ? errorText(error, options.failure) : null,
    updateRows: (change) => setData((old) => (old ? { ...old, items: change(old.items) } : (old as unknown as Paged<T>))),
  };
}

export function SearchBox({ list, placeholder, standalone = true }: { list: Pick<SearchedPages<unknown>, 'search' | 'setSearch'>; placeholder: string; standalone?: boolean }) {
  return <TextField label="Search" placeholder={placeholder} value={list.search} onChange={(e) => list.setSearch(e.target.value)} fullWidth={standalone} sx={standalone ? { mb: 2 } : undefined} />;
}

export function SearchedPagesView<T extends { id: number }>({
  list,
  label,
  noun,
  size,
  columns,
  loadingText,
}: {
  list: SearchedPages<T>;
  /** The table's name ('Audit Log'). */
  label: string;
  /** What the rows are, in the plural and lower case ('audit entries'): 'Loading …', 'No … found.' */
  noun: string;
  size: number;
  columns: Column<T>[];
  /** When the page says more than 'Loading {noun}...'. */
  loadingText?: string;
}) {
  return (
    <>
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error}
        </Alert>
      )}
      {list.loading ? (
        <Loading text={loadingText ?? `Loading ${noun}...`} />
      ) : list.rows.length === 0 ? (
        !list.error && (
          <Paper sx={{ p: 4, textAlign: 'center' }}>
            <Typography>{`No ${noun} found.`}</Typography>
          </Paper>
        )
      ) : (
        <PagedTable label={label} rows={list.rows} total={list.total} page={list.page} size={size} onPage={list.setPage} columns={columns} busy={list.refreshing} />
      )}
    </>
  );
}
