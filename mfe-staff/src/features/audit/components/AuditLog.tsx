import Box from '@mui/material/Box';
import { auditApi, formatDateTime } from 'shared-api';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox, SearchedPagesView, useSearchedPages } from '../../../components/SearchedPages';

export const AUDIT_PAGE_SIZE = 20;

/** The SUPERUSER's view of the audit trail, newest first, paged on the server. */
export function AuditLog() {
  const list = useSearchedPages((query) => auditApi.list(query), { size: AUDIT_PAGE_SIZE, failure: 'Failed to fetch the audit log', deps: [] });
  return (
    <Box>
      <PageHeader title="Audit Log" />
      <SearchBox list={list} placeholder="Actor, action or target" />
      <SearchedPagesView
        list={list}
        label="Audit Log"
        noun="audit entries"
        loadingText="Loading audit log..."
        size={AUDIT_PAGE_SIZE}
        columns={[
          { header: 'Time', cell: (e) => formatDateTime(e.at) },
          { header: 'Actor', cell: (e) => e.actorEmail ?? 'System' },
          { header: 'Action', cell: (e) => e.action },
          { header: 'Target', cell: (e) => e.target ?? '—' },
          { header: 'Outcome', cell: (e) => e.outcome },
          { header: 'IP', cell: (e) => e.ip ?? '—' },
        ]}
      />
    </Box>
  );
}
