import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { errorText, universitiesApi, type University } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { cacheUniversities } from 'shared-auth';
import { AddIcon, DeleteIcon, EditIcon, ViewIcon } from '../../../components/icons';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { useConfirmedDelete } from '../../../hooks/useConfirmedDelete';
import { oneLine, RowsTable } from '../../../components/PagedTable';

export function UniversitiesList() {
  const navigate = useNavigate();
  const {
    data,
    loading,
    error: failed,
    setData: setUniversities,
  } = useServerData(
    () =>
      universitiesApi.list().then((list) => {
        cacheUniversities(list);
        return list;
      }),
    [],
  );
  const universities = data ?? [];
  const error = failed ? errorText(failed, 'Failed to fetch universities') : null;

  const remove = useConfirmedDelete<University>({
    remove: (university) => universitiesApi.remove(university.id),
    removed: (university) =>
      setUniversities((list = []) => {
        const next = list.filter((u) => u.id !== university.id);
        cacheUniversities(next);
        return next;
      }),
    success: 'The item has been deleted.',
    failure: 'Failed to delete university',
  });

  return (
    <Box>
      <PageHeader
        title="Universities"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/universities/add')}>
            Add University
          </Button>
        }
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {loading ? (
        <Loading text="Loading universities..." />
      ) : universities.length === 0 ? (
        !error && (
          <Paper sx={{ p: 4, textAlign: 'center' }}>
            <Typography variant="h6" component="h2">
              No Universities Found
            </Typography>
          </Paper>
        )
      ) : (
        <Paper>
          <RowsTable
            label="Universities"
            rows={universities}
            columns={[
              { header: 'University Name', cell: (u) => u.name },
              { header: 'Location', cell: (u) => u.location || 'N/A' },
              {
                header: 'Website',
                cell: (u) =>
                  u.website ? (
                    <Link href={u.website} target="_blank" rel="noopener noreferrer" aria-label={`Visit Site of ${u.name}`}>
                      Visit Site
                    </Link>
                  ) : (
                    'N/A'
                  ),
              },
              { header: 'Contact Info', cell: (u) => u.contactInfo || 'N/A' },
              {
                header: 'About',
                // One line of About: the detail page has the whole text.
                cell: (u) => (u.about?.trim() ? oneLine(u.about) : 'N/A'),
              },
              {
                header: 'Actions',
                cell: (u) => (
                  <Box sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`View ${u.name}`} onClick={() => navigate(`/universities/${u.id}`)}>
                      <ViewIcon />
                    </IconButton>
                    <IconButton aria-label={`Edit ${u.name}`} onClick={() => navigate(`/universities/edit/${u.id}`, { state: { university: u } })}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={`Delete ${u.name}`} color="error" onClick={() => void remove(u)}>
                      <DeleteIcon />
                    </IconButton>
                  </Box>
                ),
              },
            ]}
          />
        </Paper>
      )}
    </Box>
  );
}
