import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFallbacks } from '../../../../lib/resources/fallback-providers';

interface KeywordFailureProps {
  /** What happened, in words (the server's message). */
  message: string;
  busy: boolean;
  onRetry: () => void;
  /** Adds the keywords typed by hand; true when they were saved. */
  onManual: (keywords: string[]) => Promise<boolean>;
}

/**
 * Issue #37 point 6: keyword research failed even after the repair, the second request and the
 * other providers. The step says what happened and the ways on: try again, use another provider
 * (Settings, where one is configured), or enter the keywords by hand, which lets Next proceed.
 */
export function KeywordFailure({ message, busy, onRetry, onManual }: KeywordFailureProps) {
  const fallbacks = useFallbacks();
  const [manual, setManual] = useState(false);
  const [text, setText] = useState('');
  const lines = text
    .split(/\r?\n|,/)
    .map((line) => line.trim())
    .filter(Boolean);
  const hasOtherProvider = (fallbacks.data?.fallbacks.length ?? 0) > 0;
  return (
    <Alert severity="error" sx={{ mt: 2 }} role="alert" aria-label="Keyword research failed">
      <AlertTitle>Keyword research did not work this time</AlertTitle>
      {message}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" size="small" onClick={onRetry} disabled={busy}>
          Try again
        </Button>
        {hasOtherProvider && (
          <Button variant="outlined" size="small" component={RouterLink} to="/settings">
            Use another provider
          </Button>
        )}
        <Button variant="outlined" size="small" onClick={() => setManual(true)} disabled={busy || manual}>
          Enter keywords by hand
        </Button>
      </Stack>
      {manual && (
        <Box
          component="form"
          sx={{ mt: 1.5 }}
          aria-label="Keywords by hand"
          onSubmit={(event) => {
            event.preventDefault();
            void onManual(lines).then((saved) => {
              if (saved) setText('');
            });
          }}
        >
          <TextField
            label="Keywords, one per line"
            multiline
            minRows={3}
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            disabled={busy}
            sx={{ bgcolor: 'background.paper' }}
          />
          <Button type="submit" variant="contained" size="small" sx={{ mt: 1 }} disabled={busy || lines.length === 0}>
            Add keywords
          </Button>
        </Box>
      )}
    </Alert>
  );
}
