import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { programsApi, type Program } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { AddIcon, DeleteIcon, EditIcon, ViewIcon } from '../../../components/icons';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { useConfirmedDelete } from '../../../hooks/useConfirmedDelete';
import { oneLine, RowsTable } from '../../../components/PagedTable';
import { useScope } from '../../../hooks/useScope';

export function ProgramsList() {
  const { universityId } = useScope();
  const navigate = useNavigate();
  const {
    data: programs = [],
    loading,
    error: loadError,
    setData: setPrograms,
  } = useServerData(() => (universityId === null ? programsApi.list() : programsApi.ofUniversity(universityId)), [universityId]);
  const error = loadError ? 'Error: Failed to fetch programs.' : null;

  const remove = useConfirmedDelete<Program>({
    remove: (program) => programsApi.remove(program.id),
    removed: (program) => setPrograms((list = []) => list.filter((p) => p.id !== program.id)),
    success: 'The program has been deleted.',
    failure: 'Failed to delete program',
  });

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/programs/add')}>
      Add Program
    </Button>
  );

  return (
    <Box>
      <PageHeader title="Programs" action={addButton} />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {loading ? (
        <Loading text="Loading programs..." />
      ) : programs.length === 0 && !error ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="h2">
            No Programs Found
          </Typography>
          <Typography sx={{ mb: 2 }}>Get started by adding your first program</Typography>
          {addButton}
        </Paper>
      ) : programs.length > 0 ? (
        <Paper>
          <RowsTable
            label="Programs"
            rows={programs}
            columns={[
              { header: 'Name', cell: (program) => program.name },
              { header: 'Description', cell: (program) => oneLine(program.description) },
              { header: 'Duration', cell: (program) => program.duration },
              { header: 'Requirements', cell: (program) => oneLine(program.requirements) },
              { header: 'Career Opportunities', cell: (program) => oneLine(program.careerOpportunities) },
              {
                header: 'Actions',
                cell: (program) => (
                  <Box sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`View ${program.name}`} onClick={() => navigate(`/programs/${program.id}`)}>
                      <ViewIcon />
                    </IconButton>
                    <IconButton aria-label={`Edit ${program.name}`} onClick={() => navigate(`/programs/edit/${program.id}`, { state: { program } })}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={`Delete ${program.name}`} color="error" onClick={() => void remove(program)}>
                      <DeleteIcon />
                    </IconButton>
                  </Box>
                ),
              },
            ]}
          />
        </Paper>
      ) : null}
    </Box>
  );
}
