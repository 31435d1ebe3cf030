import TextField from '@mui/material/TextField';
import type { CachedUniversity } from 'shared-auth';

/** A SUPERUSER's choice of the university whose intakes the page shows. */
export function UniversityPicker({ universities, value, onChange }: { universities: CachedUniversity[]; value: number | null; onChange: (id: number | null) => void }) {
  return (
    <TextField
      select
      label="University"
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 240, mb: 2 }}
    >
      <option value="">Select University</option>
      {universities.map((u) => (
        <option key={u.id} value={u.id}>
          {u.name}
        </option>
      ))}
    </TextField>
  );
}
