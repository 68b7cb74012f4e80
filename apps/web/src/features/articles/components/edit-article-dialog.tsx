import { useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Article, ArticleStatus } from '@abp/contracts';
import { isApiError } from '../../../lib/api-client';
import { useArticle } from '../api/get-article';
import { useUpdateArticle } from '../api/update-article';
import type { PublishOutcome, PublishRequest } from '../hooks/use-publish-article';
import { capitalise, fromDateTimeLocal, toDateTimeLocal } from '../lib/article-format';
import { ContentEditor } from './content-editor';

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

function EditForm({ article, onPublish, onClose }: { article: Article; onPublish: EditArticleDialogProps['onPublish']; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateArticle();
  const [title, setTitle] = useState(article.title);
  const [content, setContent] = useState(article.content);
  const [status, setStatus] = useState<ArticleStatus>(article.status);
  const [when, setWhen] = useState(toDateTimeLocal(article.scheduled_at));
  const [problem, setProblem] = useState<string | null>(null);
  const scheduledAt = fromDateTimeLocal(when);
  const statuses = EDIT_STATUSES.includes(article.status) ? EDIT_STATUSES : [article.status, ...EDIT_STATUSES];
  const ready = title.trim() !== '' && (status !== 'scheduled' || scheduledAt !== null);

  const save = async () => {
    setProblem(null);
    try {
      await update.mutateAsync({ id: article.id, body: { title, content, status, scheduled_at: status === 'scheduled' ? scheduledAt : null } });
    } catch (error) {
      enqueueSnackbar('Failed to update article', { variant: 'error' });
      if (isApiError(error) && error.status === 400) setProblem(error.message);
      return;
    }
    enqueueSnackbar('Article updated successfully', { variant: 'success' });
    onClose();
    // Spec §4: saving as published also publishes.
    if (status !== 'published') return;
    if (!article.site_id) {
      enqueueSnackbar('Article updated but no site assigned for publishing', { variant: 'warning' });
      return;
    }
    await onPublish({ id: article.id, shape: 'site_id', siteId: article.site_id, failureMessage: 'Article updated but failed to publish to WordPress' });
  };

  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} fullWidth required disabled={update.isPending} />
        <ContentEditor value={content} onChange={setContent} disabled={update.isPending} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField select label="Status" value={status} onChange={(e) => setStatus(e.target.value as ArticleStatus)} sx={{ minWidth: 200 }} disabled={update.isPending}>
            {statuses.map((s) => (
              <MenuItem key={s} value={s}>
                {capitalise(s)}
              </MenuItem>
            ))}
          </TextField>
          {status === 'scheduled' && (
            <TextField
              label="Scheduled for"
              type="datetime-local"
              value={when}
              onChange={(e) => setWhen(e.target.value)}
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
        <Button variant="contained" onClick={() => void save()} disabled={!ready || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </>
  );
}
