import type { GenerationLog } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formatTokens, formatUsd } from '../../../lib/money';
import { useGenerationLog } from '../api/get-generation-log';
import { GenerationLogSteps, SourceList } from './generation-log-parts';

export const NO_LOG_MESSAGE = 'No generation log found for this article';

export function GenerationLogDialog({ articleId, onClose }: { articleId: number | null; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const query = useGenerationLog(articleId);
  const missing = isApiError(query.error) && query.error.status === 404;

  useEffect(() => {
    if (!query.isError) return;
    enqueueSnackbar(missing ? NO_LOG_MESSAGE : 'Failed to load generation log', {
      variant: missing ? 'info' : 'error',
    });
  }, [query.isError, missing, enqueueSnackbar]);

  return (
    <Dialog
      open={articleId !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="generation-log-title"
    >
      <DialogTitle id="generation-log-title">Generation Log</DialogTitle>
      {/* Focusable: the log scrolls, and a keyboard must be able to scroll it (WCAG 2.1.1). */}
      <DialogContent dividers tabIndex={0}>
        {query.isPending && <CircularProgress aria-label="Loading generation log" />}
        {query.isError && (
          <Alert severity={missing ? 'info' : 'error'}>
            {missing ? NO_LOG_MESSAGE : 'Failed to load generation log'}
          </Alert>
        )}
        {query.data && <LogBody log={query.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function LogBody({ log }: { log: GenerationLog }) {
  const { summary } = log;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip
          label={log.status === 'completed' ? 'Completed' : capital(log.status)}
          color={log.status === 'completed' ? 'success' : 'error'}
        />
        <Chip variant="outlined" label={`Method: ${log.method || 'manual'}`} />
        <Chip variant="outlined" label={`Duration: ${seconds(log.duration)}`} />
        <Chip variant="outlined" label={`Words: ${log.contentStats.wordCount.toLocaleString()}`} />
        {log.usage && <Chip variant="outlined" label={`Cost: ${formatUsd(log.usage.costUsd)}`} />}
      </Box>
      {log.usage && (
        <Typography variant="body2" color="text.secondary">
          {`Written by ${log.usage.models.join(', ')} · ${formatTokens(log.usage.inputTokens, log.usage.outputTokens, log.usage.estimated)}`}
        </Typography>
      )}
      <Section title="Sources">
        <SourceList label="News URLs" urls={log.sources.newsUrls} count={log.sources.newsUrlsCount} />
        <SourceList
          label="Grounding sources"
          urls={log.sources.groundingSources}
          count={log.sources.groundingSourcesCount}
        />
      </Section>
      <Section title="Steps">
        <GenerationLogSteps steps={log.steps} />
      </Section>
      <Section title="Summary">
        <Typography variant="body2">
          {`Total steps: ${summary.totalSteps} · Successful: ${summary.successfulSteps} · Failed: ${summary.failedSteps}`}
        </Typography>
        <Typography variant="body2">
          {`Used news content: ${summary.usedNewsContent ? 'Yes' : 'No'} · Used grounded content: ${summary.usedGroundedContent ? 'Yes' : 'No'} · Had errors: ${summary.hadErrors ? 'Yes' : 'No'}`}
        </Typography>
      </Section>
      {log.errors.length > 0 && (
        <Section title="Errors">
          {log.errors.map((e, i) => (
            <Alert key={i} severity="error" sx={{ mb: 0.5 }}>
              {e.message}
            </Alert>
          ))}
        </Section>
      )}
      {log.warnings.length > 0 && (
        <Section title="Warnings">
          {log.warnings.map((w, i) => (
            <Alert key={i} severity="warning" sx={{ mb: 0.5 }}>
              {w.message}
            </Alert>
          ))}
        </Section>
      )}
    </Box>
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" fontWeight={700} gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
