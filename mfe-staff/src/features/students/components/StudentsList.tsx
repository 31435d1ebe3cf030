import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { errorText, formatDate, formatPhone, usersApi, type StudentListItem } from 'shared-api';
import { useFeedback } from 'shared-auth/dialogs';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox, SearchedPagesView, useSearchedPages } from '../../../components/SearchedPages';
import { useScope } from '../../../hooks/useScope';
import { notify } from 'shared-auth';

export const STUDENTS_PAGE_SIZE = 20;

export function StudentsList() {
  const { isSuperuser, universityId } = useScope();
  const scoped = isSuperuser ? universityId : null;
  const list = useSearchedPages((query) => usersApi.students({ ...query, universityId: scoped ?? undefined }), {
    size: STUDENTS_PAGE_SIZE,
    failure: 'Failed to fetch students',
    deps: [scoped],
  });
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
      list.updateRows((rows) => rows.map((s) => (s.id === student.id ? { ...s, blocked: result.blocked } : s)));
      notify(blocking ? `${student.fullName} blocked from applying` : `${student.fullName} may apply again`, 'success');
    } catch (err) {
      await alert({ title: blocking ? 'Failed to block applicant.' : 'Failed to unblock applicant.', text: `Request failed: ${errorText(err, 'Server error')}`, icon: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Box>
      <PageHeader title="Students" />
      <SearchBox list={list} placeholder="Name, email or phone" />
      <SearchedPagesView
        list={list}
        label="Students"
        noun="students"
        size={STUDENTS_PAGE_SIZE}
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
    </Box>
  );
}
