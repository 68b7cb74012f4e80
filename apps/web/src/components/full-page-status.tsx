import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { FullPageCenter } from './full-page-center';

/** A spinner and a message filling the window, while the app starts or checks the session. */
export function FullPageStatus({ message }: { message: string }) {
  return (
    <FullPageCenter>
      <CircularProgress size={32} aria-hidden />
      <Typography role="status" color="text.secondary">
        {message}
      </Typography>
    </FullPageCenter>
  );
}
