import {
  BULK_LIMITS,
  type BulkJobStartInput,
  DEFAULT_TASK_TYPE,
  parseItemsList,
  personaValue,
  WORD_COUNT_LIMITS,
} from '@abp/contracts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { useSnackbar } from 'notistack';
import { Controller, useWatch } from 'react-hook-form';
import { CostEstimateLine } from '../../../components/cost-estimate-line';
import { DemoLiveWarning } from '../../../components/demo-live-warning';
import { FormTextField } from '../../../components/form-text-field';
import { PublishPolicyField } from '../../../components/publish-policy-field';
import { useCostConfirmation } from '../../../components/use-cost-confirmation';
import { fieldsNamed } from '../../../lib/forms/field-problems';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useGenerationChoices } from '../hooks/use-generation-choices';
import { type BulkFormValues, bulkFormSchema, wordCountOf } from '../lib/bulk-form';
import { PublishStatusSelect, SiteSelect, TaskTypeSelect } from './generation-fields';
import { PersonaInput } from './persona-input';
import { PlacementFields, placementOptions } from './placement-fields';
import { WordCountField } from './word-count-field';

interface BulkJobFormProps {
  /** True once the server confirmed the start. */
  onStart: (body: BulkJobStartInput, idempotencyKey: string) => Promise<boolean>;
  starting: boolean;
}

const INITIAL: BulkFormValues = {
  itemsList: '',
  siteId: '',
  taskType: DEFAULT_TASK_TYPE,
  persona: '',
  publishStatus: 'draft',
  wordCount: String(WORD_COUNT_LIMITS.manual.default),
  includeImages: true,
  categoryIds: [],
  authorId: null,
  publishPolicy: null,
};

/** The Bulk Generation tab's fields and its 'Start Background Job' button (spec part 2 §2.2). */
export function BulkJobForm({ onStart, starting }: BulkJobFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const { sites, taskTypeOptions, personaOf } = useGenerationChoices();
  const { control, setValue, getValues, submitWith, markSaved } = useContractForm<BulkFormValues, BulkFormValues>({
    defaultValues: INITIAL,
    schema: bulkFormSchema,
    toBody: (values) => values,
    fieldOf: fieldsNamed<BulkFormValues>(['wordCount', 'publishPolicy']),
  });
  const [itemsList, siteId, publishStatus, wordCountText] = useWatch({
    control,
    name: ['itemsList', 'siteId', 'publishStatus', 'wordCount'],
  });
  const costQuestion = useCostConfirmation({ title: 'Start this job?', confirmLabel: 'Start Job' });

  const chooseSite = (id: number | '') => {
    const suggestion = personaOf(id);
    setValue('siteId', id);
    // Category and user ids belong to one site.
    setValue('categoryIds', []);
    setValue('authorId', null);
    const persona = getValues('persona');
    if (!persona.trim() && suggestion) setValue('persona', suggestion);
  };
  const itemCount = parseItemsList(itemsList).length;

  const submit = submitWith(
    async (values, _raw, { idempotencyKey }) => {
      if (starting) return;
      const body: BulkJobStartInput = {
        items_list: values.itemsList,
        site_id: values.siteId === '' ? null : values.siteId,
        task_type: values.taskType as BulkJobStartInput['task_type'],
        options: {
          includeImages: values.includeImages,
          publishStatus: values.publishStatus,
          wordCount: wordCountOf(values.wordCount),
          persona: personaValue(values.persona),
          postToWordPress: true,
          ...placementOptions(values),
        },
        // The job's own publishing policy (issue #33); none: the site's.
        ...(values.publishPolicy ? { publish_policy: values.publishPolicy } : {}),
      };
      const request = {
        articles: parseItemsList(values.itemsList).length,
        word_count: wordCountOf(values.wordCount) ?? BULK_LIMITS.wordCount.fallback,
        site_id: values.siteId === '' ? null : values.siteId,
      };
      // Crossing a budget was accepted in the question: the server is told so (else it refuses, 409).
      await costQuestion.askThen(request, async (confirmBudget) => {
        const started = await onStart(confirmBudget ? { ...body, confirm_budget: true } : body, idempotencyKey);
        // The job has the items now: leaving the form loses nothing, so nothing asks "Leave without saving?".
        if (started) markSaved();
      });
    },
    ([first]) => {
      if (first) enqueueSnackbar(first.message, { variant: 'error' });
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Bulk generation">
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="itemsList"
            fullWidth
            required
            multiline
            minRows={6}
            maxRows={16}
            label="Items List (one per line)"
            helperText={`${itemCount} item${itemCount === 1 ? '' : 's'} (at most ${BULK_LIMITS.maxItems})`}
            // Over the limit the count turns red before anything is sent (issue #17 item 19).
            error={itemCount > BULK_LIMITS.maxItems}
            disabled={starting}
          />
        </Grid>
        <Grid size={12}>
          <CostEstimateLine
            request={
              itemCount > 0 && itemCount <= BULK_LIMITS.maxItems && wordCountOf(wordCountText) !== null
                ? {
                    articles: itemCount,
                    word_count: wordCountOf(wordCountText)!,
                    site_id: siteId === '' ? null : siteId,
                  }
                : null
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SiteSelect sites={sites.data ?? []} value={siteId} onChange={chooseSite} disabled={starting} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            name="taskType"
            control={control}
            render={({ field }) => (
              <TaskTypeSelect
                options={taskTypeOptions}
                value={field.value}
                onChange={field.onChange}
                disabled={starting}
              />
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
                suggested={personaOf(siteId)}
                disabled={starting}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Controller
            name="publishStatus"
            control={control}
            render={({ field }) => (
              <PublishStatusSelect value={field.value} onChange={field.onChange} disabled={starting} />
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <WordCountField
            control={control}
            helperText={`Empty: ${BULK_LIMITS.wordCount.fallback}`}
            limits={BULK_LIMITS.wordCount}
            disabled={starting}
          />
        </Grid>
        {publishStatus === 'publish' && (
          <Grid size={12}>
            <DemoLiveWarning live what="This job's articles" />
          </Grid>
        )}
        <Grid size={12}>
          <PlacementFields control={control} siteId={siteId} disabled={starting} />
        </Grid>
        <Grid size={12}>
          <Controller
            name="publishPolicy"
            control={control}
            render={({ field, fieldState }) => (
              <PublishPolicyField
                idPrefix="bulk-publish-policy"
                allowSiteDefault
                value={field.value}
                onChange={field.onChange}
                delayError={fieldState.error?.message}
                disabled={starting}
                helperText="How this job's articles go out; Site default: the site's policy"
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            name="includeImages"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    disabled={starting}
                  />
                }
                label="Include Images"
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <Button
            type="submit"
            variant="contained"
            disabled={starting}
            startIcon={starting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Start Background Job
          </Button>
        </Grid>
      </Grid>
      {costQuestion.dialog}
    </form>
  );
}
