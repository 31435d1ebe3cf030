/**
 * The applicant's Grade 12 (ECZ) results on the staff detail page (issue 17
 * item 4): each subject and grade, the best-five points the server computed,
 * and whether they are above a chosen program's ceiling (a flag, not a refusal).
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Application } from 'shared-api';
import { CeilingBadge } from './badges';

export function Grade12Results({ application: a }: { application: Application }) {
  const results = a.grade12Results ?? [];
  if (results.length === 0) return <Typography>No Grade 12 results were given with this application.</Typography>;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{a.points === null || a.points === undefined ? 'Best five: not computed' : `Best five: ${a.points} points`}</Typography>
        <CeilingBadge above={a.pointsAboveCeiling} />
      </Box>
      <Table size="small" aria-label="Grade 12 results" sx={{ maxWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Subject
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Grade
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((r) => (
            <TableRow key={r.subject}>
              <TableCell>{r.subject}</TableCell>
              <TableCell align="right">{r.grade}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        English Language and the best four other grades are added up; fewer points are better (1 is the best grade).
      </Typography>
    </Box>
  );
}
