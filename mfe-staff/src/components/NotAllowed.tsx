import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** Shown to an ADMIN on a SUPERUSER-only page. */
export function NotAllowed() {
  return (
    <Alert severity="warning" sx={{ m: 2 }}>
      <AlertTitle>Not allowed</AlertTitle>
      You are not allowed to view this page.
    </Alert>
  );
}
