import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { NotFoundState } from 'shared-auth/ui';

/**
 * A staff page whose address names nothing in reach (deleted, mistyped, or of
 * another university): a heading that says so and a link to the list (issue
 * 22, item 5). A link, not Back: an address typed or opened from a message
 * has nothing to go back to.
 */
export function RecordNotFound({ noun, listPath, listLabel }: { noun: string; listPath: string; listLabel: string }) {
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`;
  return (
    <NotFoundState
      title={title}
      message={`There is no ${noun} at this address: it may have been deleted, or the link may be mistyped.`}
      action={
        <Button variant="contained" component={RouterLink} to={listPath}>
          {listLabel}
        </Button>
      }
    />
  );
}
