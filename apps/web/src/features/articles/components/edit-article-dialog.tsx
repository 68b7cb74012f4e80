import {
  ARTICLE_ERROR_CODES,
  ARTICLE_TAGS_MAX,
  type Article,
  type ArticleStatus,
  type ArticleUpdate,
  articleUpdateSchema,
  livePostConfirmation,
  META_DESCRIPTION_GUIDANCE,
} from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { isApiError } from '../../../lib/api-client';
import { fieldsNamed } from '../../../lib/forms/field-problems';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useInventoryTaxonomy } from '../../../lib/resources/site-inventory';
import { useArticle } from '../api/get-article';
import { useUpdateArticle } from '../api/update-article';
import type { PublishOutcome, PublishRequest } from '../hooks/use-publish-article';
import { capitalise, fromDateTimeLocal, toDateTimeLocal } from '../lib/article-format';
import { ArticlePreviewDialog } from './article-preview-dialog';
import { ContentEditor } from './content-editor';

interface EditFormValues {
  title: string;
  content: string;
  status: ArticleStatus;
  /** datetime-local text */
  when: string;
  meta_description: string;
  slug: string;
  focus_keyword: string;
  category_ids: number[];
  tags: string[];
}

const sameList = <T,>(a: readonly T[], b: readonly T[]) => JSON.stringify(a) === JSON.stringify(b);

/** The fields the form has; the SEO fields, categories and tags are sent when they changed. */
const bodyOf =
  (article: Article) =>
  (values: EditFormValues): ArticleUpdate => ({
    title: values.title,
    content: values.content,
    status: values.status,
    scheduled_at: values.status === 'scheduled' ? fromDateTimeLocal(values.when) : null,
    ...(values.meta_description.trim() !== (article.meta_description ?? '')
      ? { meta_description: values.meta_description }
      : {}),
    ...(values.slug.trim() !== (article.slug ?? '') ? { slug: values.slug } : {}),
    ...(article.focus_keyword !== null && values.focus_keyword.trim() !== article.focus_keyword
      ? { focus_keyword: values.focus_keyword }
      : {}),
    ...(sameList(values.category_ids, article.category_ids) ? {} : { category_ids: values.category_ids }),
    ...(sameList(values.tags, article.tags) ? {} : { tags: values.tags }),
  });

/** Spec §2.1: the edit dialog offers draft, published and scheduled. */
const EDIT_STATUSES: ArticleStatus[] = ['draft', 'published', 'scheduled'];

export const UNSAVED_TITLE = 'Discard unsaved changes?';
export const LIVE_POST_BUTTON = 'Update live post';

interface EditArticleDialogProps {
  articleId: number | null;
  onPublish: (request: PublishRequest) => Promise<PublishOutcome>;
  onClose: () => void;
}

export function EditArticleDialog({ articleId, onPublish, onClose }: EditArticleDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const query = useArticle(articleId);
  // The form says whether it holds unsaved edits; leaving then asks first (issue #37).
  const dirty = useRef(false);
  const [confirmLeave, setConfirmLeave] = useState(false);

  useEffect(() => {
    if (query.isError) enqueueSnackbar('Failed to load article for editing', { variant: 'error' });
  }, [query.isError, enqueueSnackbar]);

  const close = () => {
    dirty.current = false;
    setConfirmLeave(false);
    onClose();
  };
  const requestClose = () => (dirty.current ? setConfirmLeave(true) : close());

  return (
    <Dialog
      open={articleId !== null}
      onClose={requestClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="edit-article-title"
    >
      <DialogTitle id="edit-article-title">Edit Article</DialogTitle>
      {query.isPending && (
        <DialogContent>
          <CircularProgress aria-label="Loading article" />
        </DialogContent>
      )}
      {query.isError && (
        <>
          <DialogContent>
            <Alert severity="error">Failed to load article for editing</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Close</Button>
          </DialogActions>
        </>
      )}
      {/* Keyed so the form starts from the loaded article each time. */}
      {query.data && (
        <EditForm
          key={query.data.id}
          article={query.data}
          onPublish={onPublish}
          onCancel={requestClose}
          onDone={close}
          onDirtyChange={(value) => {
            dirty.current = value;
          }}
        />
      )}
      <Dialog open={confirmLeave} onClose={() => setConfirmLeave(false)} aria-labelledby="unsaved-title">
        <DialogTitle id="unsaved-title">{UNSAVED_TITLE}</DialogTitle>
        <DialogContent>
          <DialogContentText>Your edits to this article are not saved.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmLeave(false)} autoFocus>
            Keep editing
          </Button>
          <Button color="error" onClick={close}>
            Discard changes
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}

function EditForm({
  article,
  onPublish,
  onCancel,
  onDone,
  onDirtyChange,
}: {
  article: Article;
  onPublish: EditArticleDialogProps['onPublish'];
  onCancel: () => void;
  onDone: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateArticle();
  const taxonomy = useInventoryTaxonomy(article.site_id);
  const [livePostBody, setLivePostBody] = useState<ArticleUpdate | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { control, formState, setError, getValues, submitWith, showServerProblems } = useContractForm<
    EditFormValues,
    ArticleUpdate
  >({
    defaultValues: {
      title: article.title,
      content: article.content,
      status: article.status,
      when: toDateTimeLocal(article.scheduled_at),
      meta_description: article.meta_description ?? '',
      slug: article.slug ?? '',
      focus_keyword: article.focus_keyword ?? '',
      category_ids: article.category_ids,
      tags: article.tags,
    },
    schema: articleUpdateSchema,
    toBody: bodyOf(article),
    // The server's scheduled_at is the form's date field; tags.2 is the tags field.
    fieldOf: (path) =>
      path === 'scheduled_at'
        ? 'when'
        : fieldsNamed<EditFormValues>([
            'title',
            'content',
            'status',
            'meta_description',
            'slug',
            'focus_keyword',
            'category_ids',
            'tags',
          ])(path.split('.')[0] ?? path),
  });
  const [title, status, when, meta] = useWatch({ control, name: ['title', 'status', 'when', 'meta_description'] });
  const dirty = formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // Leaving the page (reload, closing the tab) with unsaved edits asks the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const problem = formState.errors.root?.server?.message;
  const scheduledAt = fromDateTimeLocal(when);
  const statuses = EDIT_STATUSES.includes(article.status) ? EDIT_STATUSES : [article.status, ...EDIT_STATUSES];
  const ready = title.trim() !== '' && (status !== 'scheduled' || scheduledAt !== null);
  const categories = taxonomy.data?.categories ?? [];
  const tagOptions = (taxonomy.data?.tags ?? []).map((tag) => tag.name);
  const busy = update.isPending;

  const store = async (body: ArticleUpdate) => {
    // Issue #17: an article is marked published only once WordPress has made its post live, so
    // the edit keeps the article's status until the publish that follows succeeds.
    const goingLive = body.status === 'published' && article.status !== 'published' && article.site_id !== null;
    const stored: ArticleUpdate = goingLive
      ? { ...body, status: article.status === 'failed' ? 'draft' : article.status }
      : body;
    let result: Awaited<ReturnType<typeof update.mutateAsync>>;
    try {
      result = await update.mutateAsync({ id: article.id, body: stored });
    } catch (error) {
      // The post is live: the operator confirms before it changes (the server insists too).
      if (isApiError(error) && error.code === ARTICLE_ERROR_CODES.livePostConfirmation) {
        setLivePostBody(body);
        return;
      }
      enqueueSnackbar('Failed to update article', { variant: 'error' });
      // A 400 names what to fix: on its field when it has one, above the form otherwise.
      if (isApiError(error) && error.status === 400 && showServerProblems(error) === 0)
        setError('root.server', { message: error.message });
      return;
    }
    onDirtyChange(false);
    const live = result.live_post_update;
    if (live) {
      if (live.updated)
        enqueueSnackbar(`Saved — the live post on ${article.site_name} is updated`, { variant: 'success' });
      else
        enqueueSnackbar(`Saved here, but WordPress still has the earlier version: ${live.message}`, {
          variant: 'warning',
        });
      onDone();
      return;
    }
    enqueueSnackbar('Article updated successfully', { variant: 'success' });
    onDone();
    await sendToWordPress(body.status ?? article.status);
  };

  const save = submitWith(store);

  /** Spec §4: saving as published also publishes; a scheduled article is scheduled on WordPress, and a post WordPress has is updated. */
  const sendToWordPress = async (next: ArticleStatus) => {
    const onWordPress = article.wordpress_post_id !== null;
    if (next !== 'published' && next !== 'scheduled' && !onWordPress) return;
    // A live post that stays published changed nothing WordPress shows (the server asks otherwise).
    if (next === 'published' && article.wordpress_state === 'live') return;
    if (!article.site_id) {
      if (next === 'published')
        enqueueSnackbar('Article updated but no site assigned for publishing', { variant: 'warning' });
      return;
    }
    const request = { id: article.id, siteId: article.site_id, siteName: article.site_name };
    if (next === 'published')
      return void (await onPublish({
        ...request,
        failureMessage: 'Article updated but failed to publish to WordPress',
      }));
    if (next === 'scheduled')
      return void (await onPublish({
        ...request,
        failureMessage: 'Article updated but failed to schedule it on WordPress',
      }));
    if (article.wordpress_state === 'live' || article.wordpress_state === 'scheduled') {
      // Taking a live post down is the operator's call, made on WordPress' side of things: said, not done.
      enqueueSnackbar(
        'Saved here only: WordPress keeps the post as it is until you publish or send it as a draft again',
        { variant: 'info' },
      );
      return;
    }
    await onPublish({
      ...request,
      sendAs: 'draft',
      failureMessage: 'Article updated but WordPress still has the earlier version',
    });
  };

  const metaLength = meta.trim().length;
  const metaHint =
    metaLength === 0
      ? `Shown by search engines under the title: aim for ${META_DESCRIPTION_GUIDANCE.min}–${META_DESCRIPTION_GUIDANCE.max} characters`
      : metaLength < META_DESCRIPTION_GUIDANCE.min
        ? `${metaLength} characters: a little short (aim for ${META_DESCRIPTION_GUIDANCE.min}–${META_DESCRIPTION_GUIDANCE.max})`
        : metaLength > META_DESCRIPTION_GUIDANCE.max
          ? `${metaLength} characters: search engines cut it after about ${META_DESCRIPTION_GUIDANCE.max}`
          : `${metaLength} characters: a good length`;

  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <FormTextField control={control} name="title" label="Title" fullWidth required disabled={busy} />
        <Controller
          name="content"
          control={control}
          render={({ field }) => <ContentEditor value={field.value} onChange={field.onChange} disabled={busy} />}
        />
        <Typography variant="subtitle2" component="h3">
          Search and WordPress
        </Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <FormTextField
            control={control}
            name="meta_description"
            label="Meta description"
            fullWidth
            multiline
            minRows={2}
            disabled={busy}
            helperText={metaHint}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={control}
              name="slug"
              label="Slug"
              fullWidth
              disabled={busy}
              helperText="Lower-case letters, digits and hyphens; empty: WordPress makes one from the title"
            />
            {article.focus_keyword !== null && (
              <FormTextField control={control} name="focus_keyword" label="Focus keyword" fullWidth disabled={busy} />
            )}
          </Box>
          <Controller
            name="category_ids"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                options={categories.map((c) => c.id)}
                value={field.value}
                onChange={(_event, next) => field.onChange(next)}
                getOptionLabel={(id) => categories.find((c) => c.id === id)?.name ?? `Category ${id}`}
                disabled={busy || article.site_id === null}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Categories"
                    error={fieldState.invalid}
                    helperText={
                      fieldState.error?.message ??
                      (taxonomy.isSuccess && categories.length === 0
                        ? "The site's categories are known after its content is synced (Sites)"
                        : "From the site's categories; none: the site's configuration decides")
                    }
                  />
                )}
              />
            )}
          />
          <Controller
            name="tags"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                freeSolo
                options={tagOptions}
                value={field.value}
                onChange={(_event, next) =>
                  field.onChange(
                    [...new Set(next.map((tag) => tag.trim().toLowerCase()).filter(Boolean))].slice(
                      0,
                      ARTICLE_TAGS_MAX,
                    ),
                  )
                }
                disabled={busy}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Tags"
                    error={fieldState.invalid}
                    helperText={
                      fieldState.error?.message ??
                      `The site's tags, or type a new one and press Enter (at most ${ARTICLE_TAGS_MAX})`
                    }
                  />
                )}
              />
            )}
          />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <FormTextField control={control} name="status" select label="Status" sx={{ minWidth: 200 }} disabled={busy}>
            {statuses.map((s) => (
              <MenuItem key={s} value={s}>
                {capitalise(s)}
              </MenuItem>
            ))}
          </FormTextField>
          {status === 'scheduled' && (
            <FormTextField
              control={control}
              name="when"
              label="Scheduled for"
              type="datetime-local"
              disabled={busy}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => setPreviewing(true)} disabled={busy} sx={{ mr: 'auto' }}>
          Preview
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={(event) => void save(event)} disabled={!ready || busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
      {previewing && (
        <ArticlePreviewDialog
          articleId={article.id}
          title={getValues('title')}
          content={getValues('content')}
          onClose={() => setPreviewing(false)}
        />
      )}
      <Dialog open={livePostBody !== null} onClose={() => setLivePostBody(null)} aria-labelledby="live-post-title">
        <DialogTitle id="live-post-title">Update the live post?</DialogTitle>
        <DialogContent>
          <DialogContentText>{livePostConfirmation(article.site_name)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLivePostBody(null)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => {
              const body = livePostBody;
              setLivePostBody(null);
              if (body) void store({ ...body, update_live_post: true });
            }}
          >
            {LIVE_POST_BUTTON}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
