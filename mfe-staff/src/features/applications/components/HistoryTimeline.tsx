import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HistoryEntry } from 'shared-api';

function describe(entry: HistoryEntry): string {
  const what = entry.kind === 'PAYMENT' ? 'Payment' : 'Status';
  if (entry.from && entry.to) return `${what}: ${entry.from} → ${entry.to}`;
  return `${what}: ${entry.to ?? entry.from ?? 'updated'}`;
}

/** The application's history, oldest first, as a vertical timeline. */
export function HistoryTimeline({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0) return <Typography>No history yet.</Typography>;
  const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Box component="ol" aria-label="History" sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
      {sorted.map((entry) => (
        <Box component="li" key={entry.id} sx={{ position: 'relative', pl: 3, pb: 2 }}>
          <Box
            aria-hidden="true"
            sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: entry.kind === 'PAYMENT' ? 'secondary.main' : 'primary.main' }}
          />
          <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.at}>
            {new Date(entry.at).toLocaleString()}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{describe(entry)}</Typography>
          {entry.note && <Typography variant="body2">{entry.note}</Typography>}
          {entry.actor && (
            <Typography variant="body2" color="text.secondary">
              by {entry.actor.name} ({entry.actor.role})
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
