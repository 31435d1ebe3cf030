import Button from '@mui/material/Button';
import { useNavigate } from 'react-router-dom';
import { BackIcon } from './icons';

/** Spec §2.1: a back button wrapper goes back one step in history. */
export function BackButton({ label = 'Back' }: { label?: string }) {
  const navigate = useNavigate();
  return (
    <Button startIcon={<BackIcon />} onClick={() => navigate(-1)} sx={{ mb: 2 }}>
      {label}
    </Button>
  );
}
