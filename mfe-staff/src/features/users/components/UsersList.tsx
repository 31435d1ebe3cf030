import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, usersApi, type User } from 'shared-api';
import { useFeedback } from 'shared-auth/dialogs';
import { AddIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox, SearchedPagesView, useSearchedPages } from '../../../components/SearchedPages';
import { useScope } from '../../../hooks/useScope';
import { notify } from 'shared-auth';

const ROLE_COLOURS: Record<User['role'], string> = { SUPERUSER: '#6a1b9a', ADMIN: '#1565c0', USER: '#616161' };

export function RoleBadge({ role }: { role: User['role'] }) {
  return <Chip size="small" label={role} sx={{ bgcolor: ROLE_COLOURS[role] ?? '#616161', color: '#fff', fontWeight: 600 }} />;
}

/** Rows per page of the users list (the server pages it). */
export const USERS_PAGE_SIZE = 20;
const ROLE_FILTERS = [
  { value: '', label: 'All roles' },
  { value: 'USER', label: 'Applicants' },
  { value: 'ADMIN', label: 'Admins' },
  { value: 'SUPERUSER', label: 'Superusers' },
] as const;

/** Users in reach, searched, filtered by role and paged by the server. */
export function UsersList() {
  const { user: me, isSuperuser, universityId } = useScope();
  const navigate = useNavigate();
  const { confirm, alert } = useFeedback();
  const [role, setRole] = useState<'' | User['role']>('');
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = useSearchedPages((query) => usersApi.page({ ...query, role: role || undefined, universityId: universityId ?? undefined }), {
    size: USERS_PAGE_SIZE,
    failure: 'Failed to fetch users',
    deps: [role, universityId],
  });

  const toggle = async (target: User) => {
    const archiving = target.enabled;
    const name = target.fullName || target.email;
    const ok = await confirm({
      title: 'Are you sure?',
      text: archiving ? `${name} will be blocked and unable to sign in.` : `${name} will be able to sign in again.`,
      icon: 'warning',
      confirmText: archiving ? 'Yes, archive!' : 'Yes, unarchive!',
      cancelText: 'Cancel',
    });
    if (!ok) return;
    setBusyId(target.id);
    try {
      const updated = await usersApi.update(target.id, { ...target, enabled: !archiving });
      list.updateRows((rows) => rows.map((u) => (u.id === target.id ? { ...u, ...updated, enabled: !archiving } : u)));
      notify(archiving ? `${name} archived` : `${name} unarchived`, 'success');
    } catch (err) {
      const message = errorText(err, err instanceof Error ? err.message : 'Server error');
      await alert({ title: archiving ? 'Failed to archive user.' : 'Failed to unarchive user.', text: `Request failed: ${message}`, icon: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Box>
      <PageHeader
        title="Users"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/users/add-admin')}>
            Add Admin
          </Button>
        }
      />
      <Paper sx={{ p: 2, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <SearchBox list={list} placeholder="Name, email or phone" standalone={false} />
        <TextField
          select
          label="Role"
          value={role}
          onChange={(e) => {
            setRole(e.target.value as '' | User['role']);
            list.restart();
          }}
        >
          {ROLE_FILTERS.map((r) => (
            <MenuItem key={r.value} value={r.value}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      <SearchedPagesView
        list={list}
        label="Users"
        noun="users"
        size={USERS_PAGE_SIZE}
        columns={[
          { header: 'Name', cell: (u) => u.fullName || `${u.firstName} ${u.lastName}` },
          { header: 'Email', cell: (u) => u.email },
          { header: 'Role', cell: (u) => <RoleBadge role={u.role} /> },
          { header: 'Status', cell: (u) => <Chip size="small" variant="outlined" color={u.enabled ? 'success' : 'error'} label={u.enabled ? 'Active' : 'Blocked'} /> },
          // Only the SUPERUSER archives an account: it spans every university.
          ...(isSuperuser
            ? [
                {
                  header: 'Actions',
                  cell: (u: User) =>
                    u.id !== me?.id && (
                      <Button
                        size="small"
                        variant="outlined"
                        color={u.enabled ? 'error' : 'success'}
                        disabled={busyId === u.id}
                        onClick={() => void toggle(u)}
                        aria-label={`${u.enabled ? 'Archive' : 'Unarchive'} ${u.fullName || u.email}`}
                      >
                        {u.enabled ? 'Archive' : 'Unarchive'}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Box>
  );
}
