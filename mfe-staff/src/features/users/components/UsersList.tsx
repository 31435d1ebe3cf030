import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, usersApi, type User } from 'shared-api';
import { useFeedback } from '../../../components/Feedback';
import { AddIcon } from '../../../components/icons';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { useScope } from '../../../hooks/useScope';

const ROLE_COLOURS: Record<User['role'], string> = { SUPERUSER: '#6a1b9a', ADMIN: '#1565c0', USER: '#616161' };

export function RoleBadge({ role }: { role: User['role'] }) {
  return <Chip size="small" label={role} sx={{ bgcolor: ROLE_COLOURS[role] ?? '#616161', color: '#fff', fontWeight: 600 }} />;
}

export function UsersList() {
  const { user: me, isSuperuser, universityId } = useScope();
  const navigate = useNavigate();
  const { confirm, alert, toast } = useFeedback();
  const [users, setUsers] = useState<User[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    usersApi
      .list()
      .then((list) => live && setUsers(universityId === null ? list : list.filter((u) => u.universityId === universityId)))
      .catch((err) => live && setError(errorText(err, 'Failed to fetch users')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [universityId]);

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
      setUsers((list) => list.map((u) => (u.id === target.id ? { ...u, ...updated, enabled: !archiving } : u)));
      toast(archiving ? `${name} archived` : `${name} unarchived`);
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
          isSuperuser && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/users/add-admin')}>
              Add Admin
            </Button>
          )
        }
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {loading ? (
        <Loading text="Loading users..." />
      ) : users.length === 0 ? (
        !error && (
          <Paper sx={{ p: 4, textAlign: 'center' }}>
            <Typography>No users found.</Typography>
          </Paper>
        )
      ) : (
        <TableContainer component={Paper} sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Users (scrollable)">
          <Table aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>{u.fullName || `${u.firstName} ${u.lastName}`}</TableCell>
                  <TableCell>{u.email}</TableCell>
                  <TableCell>
                    <RoleBadge role={u.role} />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={u.enabled ? 'success' : 'error'} label={u.enabled ? 'Active' : 'Blocked'} />
                  </TableCell>
                  <TableCell>
                    {u.id !== me?.id && (
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
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
