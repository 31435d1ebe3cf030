import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from 'shared-api';
import { CheckIcon, CopyIcon } from '../../../components/icons';

/** Copies a value; the icon turns into a tick for 2 seconds (spec §9). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      setCopied(false);
      return;
    }
    // The 2 seconds run from the copy itself, and a second copy restarts them.
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copyTickMs);
  };
  return (
    <Tooltip title={copied ? 'Copied' : label}>
      <IconButton size="small" aria-label={copied ? `${label}: copied` : label} onClick={() => void copy()}>
        {copied ? <CheckIcon fontSize="small" color="success" data-testid="copied-tick" /> : <CopyIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
