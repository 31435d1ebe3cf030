import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
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
import { errorText, universitiesApi, type University } from 'shared-api';
import { cacheUniversities } from 'shared-auth';
import { DELETE_CONFIRMATION, useFeedback } from '../../../components/Feedback';
import { AddIcon, DeleteIcon, EditIcon, ViewIcon } from '../../../components/icons';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';

export function UniversitiesList() {
  const navigate = useNavigate();
  const { confirm, alert } = useFeedback();
  const [universities, setUniversities] = useState<University[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    universitiesApi
      .list()
      .then((list) => {
        if (!live) return;
        setUniversities(list);
        cacheUniversities(list);
      })
      .catch((err) => live && setError(errorText(err, 'Failed to fetch universities')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const remove = async (university: University) => {
    if (!(await confirm(DELETE_CONFIRMATION))) return;
    try {
      await universitiesApi.remove(university.id);
      setUniversities((list) => {
        const next = list.filter((u) => u.id !== university.id);
        cacheUniversities(next);
        return next;
      });
      await alert({ title: 'Deleted!', text: 'The item has been deleted.', icon: 'success' });
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, 'Failed to delete university'), icon: 'error' });
    }
  };

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
        <TableContainer component={Paper} sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Universities (scrollable)">
          <Table aria-label="Universities">
            <TableHead>
              <TableRow>
                <TableCell>University Name</TableCell>
                <TableCell>Location</TableCell>
                <TableCell>Website</TableCell>
                <TableCell>Contact Info</TableCell>
                <TableCell>About</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {universities.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>{u.name}</TableCell>
                  <TableCell>{u.location || 'N/A'}</TableCell>
                  <TableCell>
                    {u.website ? (
                      <Link href={u.website} target="_blank" rel="noopener noreferrer" aria-label={`Visit Site of ${u.name}`}>
                        Visit Site
                      </Link>
                    ) : (
                      'N/A'
                    )}
                  </TableCell>
                  <TableCell>{u.contactInfo || 'N/A'}</TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>{u.about}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`View ${u.name}`} onClick={() => navigate(`/universities/${u.id}`)}>
                      <ViewIcon />
                    </IconButton>
                    <IconButton aria-label={`Edit ${u.name}`} onClick={() => navigate(`/universities/edit/${u.id}`, { state: { university: u } })}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={`Delete ${u.name}`} color="error" onClick={() => void remove(u)}>
                      <DeleteIcon />
                    </IconButton>
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
