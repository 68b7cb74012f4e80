import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** Posts that failed their live check (deleted, unpublished or unreachable on WordPress): said at once, with the way to them. */
export function NotLiveAlert({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3 }}
      action={
        <Button component={RouterLink} to="/articles?live=not_live" color="inherit" size="small">
          Show them
        </Button>
      }
    >
      {count === 1
        ? '1 published post is not live on WordPress.'
        : `${count.toLocaleString('en')} published posts are not live on WordPress.`}
    </Alert>
  );
}
