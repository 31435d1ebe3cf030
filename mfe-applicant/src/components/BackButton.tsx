import Button from '@mui/material/Button';
import { useNavigate } from 'react-router-dom';

/** Goes back one step in history (spec §2.1 "back button wrapper"). */
export function BackButton({ label = 'Back' }: { label?: string }) {
  const navigate = useNavigate();
  return (
    <Button variant="outlined" onClick={() => navigate(-1)}>
      {label}
    </Button>
  );
}
