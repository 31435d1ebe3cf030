import Box from '@mui/material/Box';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** A placeholder avatar with a person's initials (decorative: the name is shown next to it). */
export function InitialsAvatar({ name, size = 48 }: { name: string; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        bgcolor: '#14213d',
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: size * 0.38,
      }}
    >
      {initials(name)}
    </Box>
  );
}
