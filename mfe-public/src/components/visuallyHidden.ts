/**
 * Text for screen readers only. In `sx`, `width: 1` means 100%, not one pixel:
 * an absolutely placed heading styled so was a viewport wide and made the page
 * scroll sideways (376 px at 360). Pixels are spelt out here.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
