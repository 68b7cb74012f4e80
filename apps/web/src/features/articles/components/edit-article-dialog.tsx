import { type Article, type ArticleStatus, type ArticleUpdate, articleUpdateSchema } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { isApiError } from '../../../lib/api-client';
import { fieldsNamed } from '../../../lib/forms/field-problems';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useArticle } from '../api/get-article';
import { useUpdateArticle } from '../api/update-article';
import type { PublishOutcome, PublishRequest } from '../hooks/use-publish-article';
import { capitalise, fromDateTimeLocal, toDateTimeLocal } from '../lib/article-format';
import { ContentEditor } from './content-editor';

interface EditFormValues {
  title: string;
  content: string;
  status: ArticleStatus;
  /** datetime-local text */
  when: string;
}

const toBody = (values: EditFormValues): ArticleUpdate => ({
  title: values.title,
  content: values.content,
  status: values.status,
  scheduled_at: values.status === 'scheduled' ? fromDateTimeLocal(values.when) : null,
});

/** Spec §2.1: the edit dialog offers draft, published and scheduled. */
const EDIT_STATUSES: ArticleStatus[] = ['draft', 'published', 'scheduled'];

interface EditArticleDialogProps {
  articleId: number | null;
  onPublish: (request: PublishRequest) => Promise<PublishOutcome>;
  onClose: () => void;
}

export function EditArticleDialog({ articleId, onPublish, onClose }: EditArticleDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const query = useArticle(articleId);

  useEffect(() => {
    if (query.isError) enqueueSnackbar('Failed to load article for editing', { variant: 'error' });
  }, [query.isError, enqueueSnackbar]);

  return (
    <Dialog open={articleId !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="edit-article-title">
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
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
      {/* Keyed so the form starts from the loaded article each time. */}
      {query.data && <EditForm key={query.data.id} article={query.data} onPublish={onPublish} onClose={onClose} />}
    </Dialog>
  );
}

function EditForm({
  article,
  onPublish,
  onClose,
}: {
  article: Article;
  onPublish: EditArticleDialogProps['onPublish'];
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateArticle();
  const { control, formState, setError, submitWith, showServerProblems } = useContractForm<
    EditFormValues,
    ArticleUpdate
  >({
    defaultValues: {
      title: article.title,
      content: article.content,
      status: article.status,
      when: toDateTimeLocal(article.scheduled_at),
    },
    schema: articleUpdateSchema,
    toBody,
    // The server's scheduled_at is the form's date field.
    fieldOf: (path) =>
      path === 'scheduled_at' ? 'when' : fieldsNamed<EditFormValues>(['title', 'content', 'status'])(path),
  });
  const [title, status, when] = useWatch({ control, name: ['title', 'status', 'when'] });
  const problem = formState.errors.root?.server?.message;
  const scheduledAt = fromDateTimeLocal(when);
  const statuses = EDIT_STATUSES.includes(article.status) ? EDIT_STATUSES : [article.status, ...EDIT_STATUSES];
  const ready = title.trim() !== '' && (status !== 'scheduled' || scheduledAt !== null);

  const save = submitWith(async (body) => {
    // Issue #17: an article is marked published only once WordPress has made its post live, so
    // the edit keeps the article's status until the publish that follows succeeds.
    const goingLive = body.status === 'published' && article.status !== 'published' && article.site_id !== null;
    const stored: ArticleUpdate = goingLive
      ? { ...body, status: article.status === 'failed' ? 'draft' : article.status }
      : body;
    try {
      await update.mutateAsync({ id: article.id, body: stored });
    } catch (error) {
      enqueueSnackbar('Failed to update article', { variant: 'error' });
      // A 400 names what to fix: on its field when it has one, above the form otherwise.
      if (isApiError(error) && error.status === 400 && showServerProblems(error) === 0)
        setError('root.server', { message: error.message });
      return;
    }
    enqueueSnackbar('Article updated successfully', { variant: 'success' });
    onClose();
    await sendToWordPress(body.status ?? article.status);
  });

  /** Spec §4: saving as published also publishes; a scheduled article is scheduled on WordPress, and a post WordPress has is updated. */
  const sendToWordPress = async (status: ArticleStatus) => {
    const onWordPress = article.wordpress_post_id !== null;
    if (status !== 'published' && status !== 'scheduled' && !onWordPress) return;
    if (!article.site_id) {
      if (status === 'published')
        enqueueSnackbar('Article updated but no site assigned for publishing', { variant: 'warning' });
      return;
    }
    const request = { id: article.id, siteId: article.site_id };
    if (status === 'published')
      return void (await onPublish({
        ...request,
        failureMessage: 'Article updated but failed to publish to WordPress',
      }));
    if (status === 'scheduled')
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

  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <FormTextField control={control} name="title" label="Title" fullWidth required disabled={update.isPending} />
        <Controller
          name="content"
          control={control}
          render={({ field }) => (
            <ContentEditor value={field.value} onChange={field.onChange} disabled={update.isPending} />
          )}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <FormTextField
            control={control}
            name="status"
            select
            label="Status"
            sx={{ minWidth: 200 }}
            disabled={update.isPending}
          >
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
              disabled={update.isPending}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={(event) => void save(event)} disabled={!ready || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </>
  );
}
