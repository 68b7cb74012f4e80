import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SettingsCardProps<T> {
  /** The card's id, its heading's id and the anchor links point at. */
  id: string;
  title: string;
  description: string;
  /** The section's query: a spinner while it loads, the error with Retry when it failed. */
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  loadingLabel: string;
  errorText: string;
  /** Shown above the form whatever the query's state (e.g. the providers' health). */
  before?: ReactNode;
  children: (data: T) => ReactNode;
}

/** One section of the Settings screen: its heading and words, its own load, and its form once loaded. */
export function SettingsCard<T>({
  id,
  title,
  description,
  query,
  loadingLabel,
  errorText,
  before,
  children,
}: SettingsCardProps<T>) {
  return (
    // The scroll margin keeps the heading clear of the top bar when the section navigation goes to it.
    <Card variant="outlined" component="section" aria-labelledby={`${id}-heading`} id={id} sx={{ scrollMarginTop: 80 }}>
      <CardContent>
        <Typography id={`${id}-heading`} variant="h6" component="h2" tabIndex={-1} sx={{ outline: 'none' }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
        {before}
        {query.isPending && <CircularProgress size={24} aria-label={loadingLabel} />}
        {query.isError && (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
            {errorText}
          </Alert>
        )}
        {query.data !== undefined && children(query.data)}
      </CardContent>
    </Card>
  );
}
