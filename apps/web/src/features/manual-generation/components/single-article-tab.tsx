import {
  MANUAL_LIMITS,
  MANUAL_MESSAGES,
  type ManualGenerationResult,
  personaValue,
  WORD_COUNT_LIMITS,
} from '@abp/contracts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CostEstimateLine } from '../../../components/cost-estimate-line';
import { DemoLiveWarning } from '../../../components/demo-live-warning';
import { FormTextField } from '../../../components/form-text-field';
import { OfflineWriterNotice } from '../../../components/offline-writer-notice';
import { useCostConfirmation } from '../../../components/use-cost-confirmation';
import { isApiError } from '../../../lib/api-client';
import { fieldsNamed } from '../../../lib/forms/field-problems';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useGenerateArticle } from '../api/generate-article';
import { useGenerationChoices } from '../hooks/use-generation-choices';
import { useLoadErrorToast } from '../hooks/use-load-error-toast';
import { EMPTY_SINGLE_FORM, type SingleFormValues, singleFormSchema } from '../lib/single-form';
import { parseWordCount } from '../lib/word-count';
import { PublishStatusSelect, SiteSelect, TaskTypeSelect } from './generation-fields';
import { GenerationResult } from './generation-result';
import { PersonaInput } from './persona-input';
import { PlacementFields, placementOptions } from './placement-fields';
import { WordCountField } from './word-count-field';

const HINT_TOPICS = 3;
const namedFields = fieldsNamed<SingleFormValues>(['topic', 'wordCount']);
/** The request's options.categoryIds(.n) and options.authorId are the placement fields. */
const singleFieldOf = (path: string) =>
  /^options\.categoryIds(\.|$)/.test(path)
    ? 'categoryIds'
    : path === 'options.authorId'
      ? 'authorId'
      : namedFields(path);

/** Manual generation of one article, pushed to the chosen site (spec §2.2, Single Article tab). */
export function SingleArticleTab() {
  const { enqueueSnackbar } = useSnackbar();
  const { sites, taskTypes, configs, taskTypeOptions, personaOf } = useGenerationChoices();
  const generate = useGenerateArticle();
  useLoadErrorToast(sites, MANUAL_MESSAGES.fetchSitesFailed);
  useLoadErrorToast(taskTypes, MANUAL_MESSAGES.fetchTaskTypesFailed);
  useLoadErrorToast(configs, MANUAL_MESSAGES.fetchConfigsFailed);

  const { control, setValue, getValues, submitWith, showServerProblems, markSaved } = useContractForm<
    SingleFormValues,
    SingleFormValues
  >({
    defaultValues: EMPTY_SINGLE_FORM,
    schema: singleFormSchema,
    toBody: (values) => values,
    fieldOf: singleFieldOf,
  });
  const [result, setResult] = useState<(ManualGenerationResult & { siteId: number }) | null>(null);
  const [siteId, publishStatus, wordCountText] = useWatch({ control, name: ['siteId', 'publishStatus', 'wordCount'] });
  const costQuestion = useCostConfirmation({
    title: 'Write this article?',
    confirmLabel: 'Write',
    what: 'This article',
  });
  const words = parseWordCount(wordCountText).value;
  // The same estimator as the bulk form (issue #37 item 8), with what the site's budgets have left.
  const estimateRequest =
    words !== null ? { articles: 1, word_count: words, site_id: siteId === '' ? null : siteId } : null;

  const config = siteId === '' ? undefined : configs.data?.find((c) => c.site_id === siteId);
  const suggestedPersona = personaOf(siteId);

  // A chosen site brings its configured voice, unless the operator already wrote one.
  const chooseSite = useCallback(
    (id: number | '') => {
      setValue('siteId', id);
      // Category and user ids belong to one site.
      setValue('categoryIds', []);
      setValue('authorId', null);
      const suggestion = personaOf(id);
      if (suggestion && !getValues('persona').trim()) setValue('persona', suggestion);
    },
    [setValue, getValues, personaOf],
  );

  // The only site is the one the operator means (issue #37 item 8): chosen for them, with its voice.
  const onlySite = sites.data?.length === 1 ? sites.data[0]!.id : null;
  // Once: a site the operator cleared afterwards stays cleared.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || onlySite === null) return;
    preselected.current = true;
    if (getValues('siteId') === '') chooseSite(onlySite);
  }, [onlySite, getValues, chooseSite]);

  const topicHint =
    config && config.topics.length > 0
      ? `Topics for this site: ${config.topics.slice(0, HINT_TOPICS).join(', ')}`
      : ' ';

  const submit = submitWith(
    async (values, _raw, { idempotencyKey }) => {
      const request = {
        articles: 1,
        word_count: parseWordCount(values.wordCount).value!,
        site_id: values.siteId as number,
      };
      await costQuestion.askThen(request, (confirmBudget) => write(values, idempotencyKey, confirmBudget));
    },
    (problems) => {
      // Topic and site: a toast (no field says it); a word count problem is on its field.
      const general = problems.find((p) => p.field === '');
      if (general) enqueueSnackbar(general.message, { variant: 'error' });
    },
  );

  const write = async (values: SingleFormValues, idempotencyKey: string, confirmBudget: boolean) => {
    try {
      const data = await generate.mutateAsync({
        body: {
          topic: values.topic.trim(),
          site_id: values.siteId as number,
          task_type: values.taskType,
          options: {
            includeImages: true,
            publishStatus: values.publishStatus,
            maxArticles: MANUAL_LIMITS.maxArticles.default,
            wordCount: parseWordCount(values.wordCount).value!,
            persona: personaValue(values.persona),
            ...placementOptions(values),
          },
          // Crossing a budget was accepted in the question: the server is told so (else it refuses, 409).
          ...(confirmBudget ? { confirm_budget: true } : {}),
        },
        idempotencyKey,
      });
      setResult({ ...data, siteId: values.siteId as number });
      // The topic was written: leaving the form now loses nothing.
      markSaved();
      if (data.held)
        enqueueSnackbar(`Article saved as a draft but held back, not published: ${data.held.reason}`, {
          variant: 'warning',
        });
      else if (data.publish_error)
        enqueueSnackbar(`Article saved as a draft, but not pushed to WordPress: ${data.publish_error}`, {
          variant: 'warning',
        });
      else
        enqueueSnackbar(
          data.status === 'published'
            ? 'Article generated and published to WordPress'
            : 'Article generated and pushed to WordPress as a draft',
          { variant: 'success' },
        );
    } catch (error) {
      // A category or author the site does not have is said on its field too.
      showServerProblems(error);
      enqueueSnackbar(
        MANUAL_MESSAGES.generationFailed(isApiError(error) || error instanceof Error ? error.message : 'Unknown error'),
        { variant: 'error' },
      );
    }
  };

  const busy = generate.isPending;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Single article">
      <OfflineWriterNotice />
      <DemoLiveWarning live={publishStatus === 'publish'} what="Articles written here with Publish" />
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="topic"
            fullWidth
            required
            label="Topic"
            helperText={topicHint}
            disabled={busy}
            limit={MANUAL_LIMITS.topic.max}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SiteSelect sites={sites.data ?? []} value={siteId} onChange={chooseSite} disabled={busy} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            name="taskType"
            control={control}
            render={({ field }) => (
              <TaskTypeSelect options={taskTypeOptions} value={field.value} onChange={field.onChange} disabled={busy} />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            name="persona"
            control={control}
            render={({ field }) => (
              <PersonaInput
                value={field.value}
                onChange={field.onChange}
                suggested={suggestedPersona}
                disabled={busy}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Controller
            name="publishStatus"
            control={control}
            render={({ field }) => (
              <PublishStatusSelect value={field.value} onChange={field.onChange} disabled={busy} />
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <WordCountField
            control={control}
            helperText={`${WORD_COUNT_LIMITS.manual.min}–${WORD_COUNT_LIMITS.manual.max}`}
            limits={WORD_COUNT_LIMITS.manual}
            disabled={busy}
          />
        </Grid>
        <Grid size={12}>
          <PlacementFields control={control} siteId={siteId} disabled={busy} />
        </Grid>
        <Grid size={12}>
          <CostEstimateLine request={estimateRequest} what="This article" />
        </Grid>
        <Grid size={12}>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Push to WordPress
          </Button>
          {busy && (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
              Generating the article and pushing it to WordPress… with a real model this can take a few minutes.
            </Typography>
          )}
        </Grid>
      </Grid>
      {costQuestion.dialog}
      {result && (
        <GenerationResult result={result} siteUrl={sites.data?.find((site) => site.id === result.siteId)?.url ?? ''} />
      )}
    </form>
  );
}
