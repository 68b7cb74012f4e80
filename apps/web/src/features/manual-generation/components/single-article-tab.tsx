import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_PUBLISH_STATUS, DEFAULT_TASK_TYPE, MANUAL_LIMITS, MANUAL_MESSAGES, WORD_COUNT_LIMITS, type ManualGenerationResult, type PublishStatus } from '@abp/contracts';
import { OfflineWriterNotice } from '../../../components/offline-writer-notice';
import { isApiError } from '../../../lib/api-client';
import { useGenerateArticle } from '../api/generate-article';
import { parseWordCount } from '../lib/word-count';
import { useGenerationChoices } from '../hooks/use-generation-choices';
import { PublishStatusSelect, SiteSelect, TaskTypeSelect } from './generation-fields';
import { GenerationResult } from './generation-result';
import { PersonaInput } from './persona-input';
import { useLoadErrorToast } from '../hooks/use-load-error-toast';

const HINT_TOPICS = 3;

/** Manual generation of one article, pushed to the chosen site (spec §2.2, Single Article tab). */
export function SingleArticleTab() {
  const { enqueueSnackbar } = useSnackbar();
  const { sites, taskTypes, configs, taskTypeOptions, personaOf } = useGenerationChoices();
  const generate = useGenerateArticle();
  useLoadErrorToast(sites, MANUAL_MESSAGES.fetchSitesFailed);
  useLoadErrorToast(taskTypes, MANUAL_MESSAGES.fetchTaskTypesFailed);
  useLoadErrorToast(configs, MANUAL_MESSAGES.fetchConfigsFailed);

  const [topic, setTopic] = useState('');
  const [siteId, setSiteId] = useState<number | ''>('');
  const [taskType, setTaskType] = useState<string>(DEFAULT_TASK_TYPE);
  const [persona, setPersona] = useState('');
  const [publishStatus, setPublishStatus] = useState<PublishStatus>(DEFAULT_PUBLISH_STATUS);
  const [wordCount, setWordCount] = useState(String(WORD_COUNT_LIMITS.manual.default));
  const [wordCountError, setWordCountError] = useState<string | null>(null);
  const [result, setResult] = useState<ManualGenerationResult | null>(null);

  const config = siteId === '' ? undefined : configs.data?.find((c) => c.site_id === siteId);
  const suggestedPersona = personaOf(siteId);

  // A chosen site brings its configured voice, unless the operator already wrote one.
  const chooseSite = (id: number | '') => {
    setSiteId(id);
    const suggestion = personaOf(id);
    if (suggestion) setPersona((current) => (current.trim() ? current : suggestion));
  };

  const topicHint = config && config.topics.length > 0 ? `Topics for this site: ${config.topics.slice(0, HINT_TOPICS).join(', ')}` : ' ';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    if (!topic.trim() || siteId === '') {
      enqueueSnackbar(MANUAL_MESSAGES.topicAndSiteRequired, { variant: 'error' });
      return;
    }
    const words = parseWordCount(wordCount);
    setWordCountError(words.error);
    if (words.value === null) return;
    try {
      const data = await generate.mutateAsync({
        topic: topic.trim(),
        site_id: siteId,
        task_type: taskType,
        options: { includeImages: true, publishStatus, maxArticles: MANUAL_LIMITS.maxArticles.default, wordCount: words.value, persona: persona.trim() },
      });
      setResult(data);
      if (data.publish_error) enqueueSnackbar(`Article saved as a draft, but not pushed to WordPress: ${data.publish_error}`, { variant: 'warning' });
      else enqueueSnackbar(data.status === 'published' ? 'Article generated and published to WordPress' : 'Article generated and pushed to WordPress as a draft', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(MANUAL_MESSAGES.generationFailed(isApiError(error) || error instanceof Error ? error.message : 'Unknown error'), { variant: 'error' });
    }
  };

  const busy = generate.isPending;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Single article">
      <OfflineWriterNotice />
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            fullWidth
            required
            label="Topic"
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
            helperText={topicHint}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: MANUAL_LIMITS.topic.max } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SiteSelect sites={sites.data ?? []} value={siteId} onChange={chooseSite} disabled={busy} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TaskTypeSelect options={taskTypeOptions} value={taskType} onChange={setTaskType} disabled={busy} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PersonaInput value={persona} onChange={setPersona} suggested={suggestedPersona} disabled={busy} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <PublishStatusSelect value={publishStatus} onChange={setPublishStatus} disabled={busy} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            fullWidth
            type="number"
            label="Word Count"
            value={wordCount}
            onChange={(e) => setWordCount(e.target.value)}
            error={Boolean(wordCountError)}
            helperText={wordCountError ?? `${WORD_COUNT_LIMITS.manual.min}–${WORD_COUNT_LIMITS.manual.max}`}
            disabled={busy}
            slotProps={{ htmlInput: { min: WORD_COUNT_LIMITS.manual.min, max: WORD_COUNT_LIMITS.manual.max, step: 100 } }}
          />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
            Push to WordPress
          </Button>
          {busy && (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
              Generating the article and pushing it to WordPress… with a real model this can take a few minutes.
            </Typography>
          )}
        </Grid>
      </Grid>
      {result && <GenerationResult result={result} />}
    </form>
  );
}
