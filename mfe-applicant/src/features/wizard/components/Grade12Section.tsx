/**
 * Wizard step 2: the applicant's Grade 12 (ECZ) results (issue 17 item 4),
 * one row per subject (subject and grade 1–9, 1 best), 5 to 9 rows, with the
 * best-five points shown as they are typed. Native selects and the MUI parts
 * the wizard already loads: nothing new on the page.
 */
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ECZ_SUBJECTS, ENGLISH_SUBJECT, GRADE12_GRADES, GRADE12_MAX_SUBJECTS, GRADE12_MIN_SUBJECTS } from 'shared-api/grade12';
import type { Grade12Row } from '../../../lib/application-draft';
import { pointsOf } from '../model';

/** What the section shows before anything is typed: English first, then four more rows. */
const STARTER: Grade12Row[] = [{ subject: ENGLISH_SUBJECT, grade: null }, ...Array.from({ length: GRADE12_MIN_SUBJECTS - 1 }, () => ({ subject: '', grade: null }))];

export interface Grade12SectionProps {
  rows: Grade12Row[];
  error?: string;
  onChange: (rows: Grade12Row[]) => void;
}

export function Grade12Section({ rows: saved, error, onChange }: Grade12SectionProps) {
  const rows = saved.length > 0 ? saved : STARTER;
  const points = pointsOf(rows);
  const change = (index: number, patch: Partial<Grade12Row>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Grid container spacing={2} component="fieldset" aria-describedby="grade12-total grade12-error" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Grid size={12} component="legend" sx={{ p: 0 }}>
        <Typography variant="h6" component="h3">
          Grade 12 results
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Your ECZ school certificate: each subject and its grade, from 1 (best) to 9. Enter at least {GRADE12_MIN_SUBJECTS} subjects, {ENGLISH_SUBJECT} among them.
        </Typography>
      </Grid>
      {rows.map((row, index) => {
        const taken = new Set(rows.filter((_, i) => i !== index).map((r) => r.subject));
        const n = index + 1;
        return (
          <Grid key={index} size={12} container spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, sm: 7 }}>
              <TextField
                id={index === 0 ? 'field-grade12Results' : `field-grade12-subject-${index}`}
                select
                label={`Subject ${n}`}
                value={row.subject}
                onChange={(e) => change(index, { subject: e.target.value })}
                error={Boolean(error) && (row.subject === '') !== (row.grade === null)}
                fullWidth
                size="small"
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Select a subject…</option>
                {ECZ_SUBJECTS.filter((subject) => !taken.has(subject)).map((subject) => (
                  <option key={subject} value={subject}>
                    {subject}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 8, sm: 3 }}>
              <TextField
                id={`field-grade12-grade-${index}`}
                select
                label={`Grade ${n}`}
                value={row.grade === null ? '' : String(row.grade)}
                onChange={(e) => change(index, { grade: e.target.value === '' ? null : Number(e.target.value) })}
                error={Boolean(error) && (row.subject === '') !== (row.grade === null)}
                fullWidth
                size="small"
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Grade…</option>
                {GRADE12_GRADES.map((grade) => (
                  <option key={grade} value={grade}>
                    {grade}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 4, sm: 2 }}>
              <Button onClick={() => onChange(rows.filter((_, i) => i !== index))} aria-label={`Remove subject ${n}${row.subject ? ` (${row.subject})` : ''}`}>
                Remove
              </Button>
            </Grid>
          </Grid>
        );
      })}
      <Grid size={12}>
        <Button variant="outlined" size="small" onClick={() => onChange([...rows, { subject: '', grade: null }])} disabled={rows.length >= GRADE12_MAX_SUBJECTS}>
          Add a subject
        </Button>
        {rows.length >= GRADE12_MAX_SUBJECTS && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 1 }}>
            At most {GRADE12_MAX_SUBJECTS} subjects.
          </Typography>
        )}
      </Grid>
      <Grid size={12}>
        <Typography id="grade12-total" role="status" sx={{ fontWeight: 500 }}>
          {points === null ? `Best five: enter ${ENGLISH_SUBJECT} and four other subjects to see your points` : `Best five: ${points} points`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ENGLISH_SUBJECT} and your best four other grades are added up; fewer points are better.
        </Typography>
        <Typography id="grade12-error" variant="body2" color="error" role={error ? 'alert' : undefined}>
          {error ?? ''}
        </Typography>
      </Grid>
    </Grid>
  );
}
