import {
  BLOG_CONFIG_LIMITS,
  BLOG_CONFIG_MESSAGES,
  type BlogConfig,
  type BlogConfigInput,
  blogConfigInputSchema,
  type Site,
  TASK_TYPES,
} from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CostEstimateLine } from '../../../components/cost-estimate-line';
import { DemoLiveWarning } from '../../../components/demo-live-warning';
import { PersonaField } from '../../../components/persona-field';
import { PublishPolicyField } from '../../../components/publish-policy-field';
import { useCostConfirmation } from '../../../components/use-cost-confirmation';
import { WordPressPlacementFields } from '../../../components/wordpress-placement-fields';
import { isApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useCreateBlogConfig } from '../api/create-blog-config';
import { useUpdateBlogConfig } from '../api/update-blog-config';
import {
  type ConfigFormValues,
  canSave,
  configToForm,
  EMPTY_CONFIG_FORM,
  formFieldOf,
  formToBody,
  siteChoices,
} from '../lib/config-form';
import { monthlyArticles } from '../lib/monthly-articles';
import { ProvidersField } from './providers-field';
import { RampFields } from './ramp-fields';
import { TopicsField } from './topics-field';

interface BlogConfigDialogProps {
  open: boolean;
  /** The configuration to edit; null creates one. */
  config: BlogConfig | null;
  sites: readonly Site[];
  configs: readonly BlogConfig[];
  onClose: () => void;
}

/** Spec §8: the server's error field when it sent one; no answer or a non-JSON one gets the generic text. */
function serverErrorText(error: unknown): string | null {
  if (!isApiError(error) || error.status === 0 || error.code.startsWith('http_')) return null;
  return error.message || null;
}
type NumberField =
  | 'posting_interval_min'
  | 'posting_interval_max'
  | 'max_posts_per_day'
  | 'word_count'
  | 'internal_links';
const { interval, maxPostsPerDay, wordCount, internalLinks } = BLOG_CONFIG_LIMITS;

export function BlogConfigDialog({ open, config, sites, configs, onClose }: BlogConfigDialogProps) {
  const editing = config !== null;
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateBlogConfig();
  const update = useUpdateBlogConfig();
  const pending = create.isPending || update.isPending;
  const { register, control, reset, formState, submitWith, showServerProblems } = useContractForm<
    ConfigFormValues,
    BlogConfigInput
  >({
    defaultValues: EMPTY_CONFIG_FORM,
    schema: blogConfigInputSchema,
    toBody: (values) => formToBody(values, config?.publish_policy ?? null),
    fieldOf: formFieldOf,
    unsavedWarning: open,
  });
  const { errors } = formState;

  useEffect(() => {
    if (open) reset(config ? configToForm(config) : EMPTY_CONFIG_FORM);
  }, [open, config, reset]);

  const [siteId, topics, postStatus, active, intervalMin, intervalMax, postsPerDay, words] = useWatch({
    control,
    name: [
      'site_id',
      'topics',
      'post_status',
      'is_active',
      'posting_interval_min',
      'posting_interval_max',
      'max_posts_per_day',
      'word_count',
    ],
  });
  // What the schedule would cost a month with the model in use (issue #16); a raise above the threshold is asked about.
  const planned = monthlyArticles({ active, intervalMin, intervalMax, postsPerDay, words });
  const monthly = planned && Number(siteId) > 0 ? { ...planned, site_id: Number(siteId) } : planned;
  const costQuestion = useCostConfirmation({
    title: 'Save this schedule?',
    confirmLabel: 'Save',
    label: 'Estimated cost a month',
    what: 'This schedule',
    per: ' a month',
  });
  const choices = siteChoices(sites, configs, config);

  const onSubmit = submitWith(async (body, _values, { idempotencyKey }) => {
    const before = config
      ? monthlyArticles({
          active: config.is_active,
          intervalMin: config.posting_interval_min,
          intervalMax: config.posting_interval_max,
          postsPerDay: config.max_posts_per_day,
          words: config.word_count,
        })
      : null;
    const raises =
      monthly !== null &&
      (before === null || monthly.articles * monthly.word_count > before.articles * before.word_count);
    // Crossing a budget was accepted in the question: the server is told so (else it refuses, 409).
    await costQuestion.askThen(raises ? monthly : null, (confirmBudget) =>
      save(confirmBudget ? { ...body, confirm_budget: true } : body, idempotencyKey),
    );
  });

  const save = async (body: BlogConfigInput, idempotencyKey: string) => {
    try {
      if (config) await update.mutateAsync({ id: config.id, body });
      else await create.mutateAsync({ body, idempotencyKey });
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(serverErrorText(error) ?? BLOG_CONFIG_MESSAGES.saveFailed, { variant: 'error' });
      return;
    }
    enqueueSnackbar(editing ? BLOG_CONFIG_MESSAGES.updated : BLOG_CONFIG_MESSAGES.created, { variant: 'success' });
    onClose();
  };

  const numberField = (
    name: NumberField,
    label: string,
    limits: { min: number; max: number; step?: number },
    hint: string,
  ) => {
    const { ref, ...rest } = register(name, { valueAsNumber: true });
    return (
      <TextField
        {...rest}
        inputRef={ref}
        type="number"
        label={label}
        fullWidth
        error={Boolean(errors[name])}
        helperText={errors[name]?.message ?? hint}
        slotProps={{ htmlInput: { min: limits.min, max: limits.max, step: limits.step ?? 1 } }}
      />
    );
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="md">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle>{editing ? 'Edit Blog Configuration' : 'Add Blog Configuration'}</DialogTitle>
        <DialogContent>
          <DemoLiveWarning
            live={postStatus === 'published' && active}
            what="This site's scheduled and trend articles"
          />
          <CostEstimateLine request={monthly} label="Estimated cost a month" what="This schedule" per=" a month" />
          {costQuestion.dialog}
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Controller
              name="site_id"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label="WordPress Site"
                  required
                  value={field.value}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  error={Boolean(errors.site_id)}
                  helperText={
                    errors.site_id?.message ??
                    (choices.length === 0
                      ? 'No active site can be chosen: switch one on in WordPress Sites.'
                      : 'Only active sites can be chosen')
                  }
                  fullWidth
                >
                  {choices.map(({ site, note, disabled }) => (
                    <MenuItem key={site.id} value={site.id} disabled={disabled}>
                      {site.name} ({site.url}){note ? ` — ${note}` : ''}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="topics"
              control={control}
              render={({ field }) => (
                <TopicsField topics={field.value} onChange={field.onChange} error={errors.topics?.message} />
              )}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {numberField(
                'posting_interval_min',
                'Min Interval (hours)',
                interval,
                `${interval.min}–${interval.max} hours`,
              )}
              {numberField(
                'posting_interval_max',
                'Max Interval (hours)',
                interval,
                `${interval.min}–${interval.max} hours, not below the minimum`,
              )}
              {numberField(
                'max_posts_per_day',
                'Max Posts/Day',
                maxPostsPerDay,
                `${maxPostsPerDay.min}–${maxPostsPerDay.max}`,
              )}
              <Box sx={{ gridColumn: '1 / -1' }}>
                <RampFields control={control} register={register} errors={errors} config={config} />
              </Box>
              {numberField(
                'word_count',
                'Word Count',
                wordCount,
                `${wordCount.min.toLocaleString('en-US')}–${wordCount.max.toLocaleString('en-US')}, in steps of ${wordCount.step}`,
              )}
              <Controller
                name="task_type"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    label="Task Type"
                    value={field.value}
                    onChange={field.onChange}
                    error={Boolean(errors.task_type)}
                    helperText={errors.task_type?.message}
                    fullWidth
                  >
                    {TASK_TYPES.map((type) => (
                      <MenuItem key={type} value={type}>
                        {type}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="post_status"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    label="Post Status"
                    value={field.value}
                    onChange={field.onChange}
                    error={Boolean(errors.post_status)}
                    helperText={
                      errors.post_status?.message ?? 'Draft: saved as a WordPress draft. Published: live at once.'
                    }
                    fullWidth
                  >
                    <MenuItem value="draft">Draft</MenuItem>
                    <MenuItem value="published">Published</MenuItem>
                  </TextField>
                )}
              />
            </Box>
            <Controller
              name="content_persona"
              control={control}
              render={({ field }) => (
                <PersonaField
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.content_persona?.message}
                  helperText="The voice the scheduled articles are written in"
                />
              )}
            />
            <Controller
              name="category_ids"
              control={control}
              render={({ field }) => (
                <Controller
                  name="author_id"
                  control={control}
                  render={({ field: author }) => (
                    <WordPressPlacementFields
                      siteId={siteId === '' ? null : siteId}
                      categoryIds={field.value}
                      authorId={author.value}
                      onCategoriesChange={field.onChange}
                      onAuthorChange={author.onChange}
                      emptyMeaning="No category: WordPress' default category. The scheduled, trend and SEO posts of this site get these."
                      error={errors.category_ids?.message ?? errors.author_id?.message}
                    />
                  )}
                />
              )}
            />
            {numberField(
              'internal_links',
              'Links into the site',
              { min: 0, max: internalLinks.max },
              `Links from each new article to existing posts of the site (0–${internalLinks.max}; they need a content sync)`,
            )}
            <Controller
              name="add_tags"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />}
                  label="Add tags to posts (up to 5 whole keyword phrases, the site's own tags first)"
                />
              )}
            />
            <Controller
              name="providers"
              control={control}
              render={({ field }) => (
                <ProvidersField value={field.value} onChange={field.onChange} error={errors.providers?.message} />
              )}
            />
            <Controller
              name="publish_policy"
              control={control}
              render={({ field }) => (
                <PublishPolicyField
                  idPrefix="config-publish-policy"
                  allowSiteDefault
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.publish_policy?.message ?? errors.publish_policy?.mode?.message}
                  delayError={errors.publish_policy?.delay_hours?.message}
                  helperText="How this schedule's articles go out; Site default: the site's policy"
                />
              )}
            />
            <Controller
              name="is_active"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />}
                  label="Active"
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!canSave({ site_id: siteId, topics }) || pending}>
            {pending ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
