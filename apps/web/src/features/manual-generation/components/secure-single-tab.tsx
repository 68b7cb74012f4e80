import {
  DEFAULT_PUBLISH_STATUS,
  DEFAULT_TASK_TYPE,
  MANUAL_LIMITS,
  MANUAL_MESSAGES,
  type ManualHeld,
  WORD_COUNT_LIMITS,
} from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { OfflineWriterNotice } from '../../../components/offline-writer-notice';
import { isApiError } from '../../../lib/api-client';
import { fieldsNamed } from '../../../lib/forms/field-problems';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useSites } from '../../../lib/resources/sites';
import { useGenerateArticleSecure } from '../api/generate-article';
import { useLoadErrorToast } from '../hooks/use-load-error-toast';
import { type ClientRateLimiter, secureGenerationLimiter } from '../lib/client-rate-limiter';
import { sanitizeInput, validateSiteId, validateTopic } from '../lib/secure-input';
import { HeldNotice } from './held-notice';

interface SecureFormValues {
  topic: string;
  siteId: string;
}

/** Spec §5: the sanitised topic and the site, each on its field (both shown at once). */
const secureFormSchema = z.custom<SecureFormValues>().superRefine((values, ctx) => {
  const topicProblem = validateTopic(sanitizeInput(values.topic).trim());
  const siteProblem = validateSiteId(values.siteId);
  if (topicProblem) ctx.addIssue({ code: 'custom', message: topicProblem, path: ['topic'] });
  if (siteProblem) ctx.addIssue({ code: 'custom', message: siteProblem, path: ['siteId'] });
});

/** The secure variant's Single tab (spec §2.3, §5): sanitised input, validation and a client-side limit. */
export function SecureSingleTab({ limiter = secureGenerationLimiter }: { limiter?: ClientRateLimiter }) {
  const { enqueueSnackbar } = useSnackbar();
  const sites = useSites();
  const generate = useGenerateArticleSecure();
  useLoadErrorToast(sites, MANUAL_MESSAGES.fetchSitesFailed);
  const { control, setValue, setError, formState, submitWith } = useContractForm<SecureFormValues, SecureFormValues>({
    defaultValues: { topic: '', siteId: '' },
    schema: secureFormSchema,
    toBody: (values) => values,
    fieldOf: fieldsNamed<SecureFormValues>(['topic', 'siteId']),
  });
  const [success, setSuccess] = useState<string | null>(null);
  const [held, setHeld] = useState<ManualHeld | null>(null);
  const formProblem = formState.errors.root?.server?.message;

  const submit = submitWith(
    async (values, _raw, { idempotencyKey }) => {
      setSuccess(null);
      setHeld(null);
      if (!limiter.tryAcquire()) {
        setError('root.server', { message: MANUAL_MESSAGES.tooManyRequests });
        enqueueSnackbar(MANUAL_MESSAGES.tooManyRequests, { variant: 'warning' });
        return;
      }
      try {
        const answer = await generate.mutateAsync({
          body: {
            topic: sanitizeInput(values.topic).trim(),
            site_id: Number(values.siteId),
            task_type: DEFAULT_TASK_TYPE,
            includeImages: true,
            publishStatus: DEFAULT_PUBLISH_STATUS,
            wordCount: WORD_COUNT_LIMITS.manual.default,
          },
          idempotencyKey,
        });
        // Held back is no success (issue #31): the notice says why and links the post already there.
        if (answer.held) setHeld(answer.held);
        else setSuccess(answer.message);
        enqueueSnackbar(answer.message, { variant: answer.success ? 'success' : 'warning' });
        setValue('topic', '');
      } catch (error) {
        const message = MANUAL_MESSAGES.generationFailed(
          isApiError(error) || error instanceof Error ? error.message : 'Unknown error',
        );
        setError('root.server', { message });
        enqueueSnackbar(message, { variant: 'error' });
      }
    },
    () => {
      setSuccess(null);
      setHeld(null);
    },
  );

  const busy = generate.isPending;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Secure single article">
      <OfflineWriterNotice />
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <FormTextField
          control={control}
          name="topic"
          label="Topic"
          required
          helperText={`${MANUAL_LIMITS.topic.min}–${MANUAL_LIMITS.topic.max} characters`}
          disabled={busy}
          limit={MANUAL_LIMITS.topic.max}
        />
        <FormTextField control={control} name="siteId" select label="Site" required helperText=" " disabled={busy}>
          {(sites.data ?? []).map((s) => (
            <MenuItem key={s.id} value={String(s.id)} disabled={!s.is_active}>
              {s.name}
            </MenuItem>
          ))}
        </FormTextField>
        {formProblem && <Alert severity="error">{formProblem}</Alert>}
        {success && <Alert severity="success">{success}</Alert>}
        {held && <HeldNotice held={held} />}
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Generate Article
          </Button>
        </div>
      </Stack>
    </form>
  );
}
