import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEFAULT_PUBLISH_STATUS, DEFAULT_TASK_TYPE, MANUAL_LIMITS, MANUAL_MESSAGES, WORD_COUNT_LIMITS } from '@abp/contracts';
import { OfflineWriterNotice } from '../../../components/offline-writer-notice';
import { isApiError } from '../../../lib/api-client';
import { useSites } from '../../../lib/resources/sites';
import { useGenerateArticleSecure } from '../api/generate-article';
import { useLoadErrorToast } from '../hooks/use-load-error-toast';
import { secureGenerationLimiter, type ClientRateLimiter } from '../lib/client-rate-limiter';
import { sanitizeInput, validateSiteId, validateTopic } from '../lib/secure-input';

interface Problems {
  topic?: string;
  site?: string;
  form?: string;
}

/** The secure variant's Single tab (spec §2.3, §5): sanitised input, validation and a client-side limit. */
export function SecureSingleTab({ limiter = secureGenerationLimiter }: { limiter?: ClientRateLimiter }) {
  const { enqueueSnackbar } = useSnackbar();
  const sites = useSites();
  const generate = useGenerateArticleSecure();
  useLoadErrorToast(sites, MANUAL_MESSAGES.fetchSitesFailed);
  const [topic, setTopic] = useState('');
  const [siteId, setSiteId] = useState<string>('');
  const [problems, setProblems] = useState<Problems>({});
  const [success, setSuccess] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    setSuccess(null);
    const cleanTopic = sanitizeInput(topic).trim();
    const found: Problems = {};
    const topicProblem = validateTopic(cleanTopic);
    const siteProblem = validateSiteId(siteId);
    if (topicProblem) found.topic = topicProblem;
    if (siteProblem) found.site = siteProblem;
    if (!topicProblem && !siteProblem && !limiter.tryAcquire()) found.form = MANUAL_MESSAGES.tooManyRequests;
    setProblems(found);
    if (found.topic || found.site || found.form) {
      if (found.form) enqueueSnackbar(found.form, { variant: 'warning' });
      return;
    }
    try {
      const answer = await generate.mutateAsync({
        topic: cleanTopic,
        site_id: Number(siteId),
        task_type: DEFAULT_TASK_TYPE,
        includeImages: true,
        publishStatus: DEFAULT_PUBLISH_STATUS,
        wordCount: WORD_COUNT_LIMITS.manual.default,
      });
      setSuccess(answer.message);
      enqueueSnackbar(answer.message, { variant: answer.success ? 'success' : 'warning' });
      setTopic('');
    } catch (error) {
      const message = MANUAL_MESSAGES.generationFailed(isApiError(error) || error instanceof Error ? error.message : 'Unknown error');
      setProblems({ form: message });
      enqueueSnackbar(message, { variant: 'error' });
    }
  };

  const busy = generate.isPending;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Secure single article">
      <OfflineWriterNotice />
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <TextField
          label="Topic"
          required
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
          error={Boolean(problems.topic)}
          helperText={problems.topic ?? `${MANUAL_LIMITS.topic.min}–${MANUAL_LIMITS.topic.max} characters`}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: MANUAL_LIMITS.topic.max } }}
        />
        <TextField
          select
          label="Site"
          required
          value={siteId}
          onChange={(e) => setSiteId(e.target.value)}
          error={Boolean(problems.site)}
          helperText={problems.site ?? ' '}
          disabled={busy}
        >
          {(sites.data ?? []).map((s) => (
            <MenuItem key={s.id} value={String(s.id)} disabled={!s.is_active}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        {problems.form && <Alert severity="error">{problems.form}</Alert>}
        {success && <Alert severity="success">{success}</Alert>}
        <div>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
            Generate Article
          </Button>
        </div>
      </Stack>
    </form>
  );
}
