/**
 * Settings → Notifications (issue 18): per event, SMS on or off and e-mail on
 * or off (an event without an e-mail shows no e-mail switch). SMS are on by
 * default for payments and decisions; saving with an SMS on records the
 * applicant's consent with the time, shown below the table.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorText, formatDateTime, formatPhone, type NotificationChoice } from 'shared-api';
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_EVENTS_WITH_EMAIL } from 'shared-api/notifications';
import { useServerData } from 'shared-api/data';
import { notify } from 'shared-auth';
import { getNotificationPreferences } from '../api/getNotificationPreferences';
import { putNotificationPreferences } from '../api/putNotificationPreferences';

export function NotificationSettings() {
  const { data, loading, error, setData } = useServerData(getNotificationPreferences, []);
  const [draft, setDraft] = useState<NotificationChoice[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  if (loading) return <CircularProgress size={24} aria-label="Loading notification settings" />;
  if (error || !data) return <Alert severity="error">{errorText(error, 'Could not load your notification settings. Please try again later.')}</Alert>;

  const choices = draft ?? data.events;
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(data.events);
  const set = (event: NotificationChoice['event'], channel: 'sms' | 'email', on: boolean) => setDraft(choices.map((c) => (c.event === event ? { ...c, [channel]: on } : c)));

  const save = async () => {
    setSaveError(null);
    setSaving(true);
    try {
      const saved = await putNotificationPreferences({ events: choices });
      setData(saved);
      setDraft(null);
      notify('Your notification settings have been saved.', 'success');
    } catch (err) {
      setSaveError(errorText(err, 'Could not save your notification settings. Please try again later.'));
    } finally {
      setSaving(false);
    }
  };

  const smsDisabled = !data.smsAvailable || !data.phone;
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>
        Choose how we tell you about your applications.{' '}
        {data.phone ? (
          <>
            Text messages (SMS) go to <strong>{formatPhone(data.phone)}</strong>.
          </>
        ) : (
          'Add a phone number above to receive text messages (SMS).'
        )}
      </Typography>
      {!data.smsAvailable && <Alert severity="info">This portal does not send text messages at the moment.</Alert>}
      {saveError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {saveError}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Notification channels per event">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell align="center">SMS</TableCell>
              <TableCell align="center">E-mail</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {choices.map((choice) => {
              const label = NOTIFICATION_EVENT_LABELS[choice.event];
              const hasEmail = NOTIFICATION_EVENTS_WITH_EMAIL.includes(choice.event);
              return (
                <TableRow key={choice.event}>
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  <TableCell align="center">
                    <Switch checked={choice.sms} disabled={smsDisabled} onChange={(e) => set(choice.event, 'sms', e.target.checked)} slotProps={{ input: { 'aria-label': `SMS: ${label}` } }} />
                  </TableCell>
                  <TableCell align="center">
                    {hasEmail ? (
                      <Switch checked={choice.email} onChange={(e) => set(choice.event, 'email', e.target.checked)} slotProps={{ input: { 'aria-label': `E-mail: ${label}` } }} />
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        No e-mail
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {data.smsConsentAt
          ? `You agreed to receive text messages on ${formatDateTime(data.smsConsentAt)}. Turn every SMS off to withdraw.`
          : 'By saving with an SMS turned on, you agree to receive text messages about your applications.'}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" disabled={!changed || saving} onClick={() => void save()}>
          {saving ? 'Saving…' : 'Save notification settings'}
        </Button>
      </Box>
    </Box>
  );
}
