import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { previewDocument } from '../../../lib/preview-document';
import { usePreviewArticle } from '../api/preview-article';

export function ArticlePreviewDialog({
  articleId,
  title,
  content,
  onClose,
}: {
  articleId: number;
  title: string;
  content: string;
  onClose: () => void;
}) {
  const preview = usePreviewArticle();
  const { mutate } = preview;
  useEffect(() => mutate({ id: articleId, title, content }), [mutate, articleId, title, content]);
  const site = preview.data?.site_name;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="article-preview-title">
      <DialogTitle id="article-preview-title">
        {site ? `Preview — as ${site} will show it` : 'Preview — as the site will show it'}
      </DialogTitle>
      <DialogContent>
        {preview.isPending && <CircularProgress aria-label="Loading the preview" />}
        {preview.isError && <Alert severity="error">The preview could not be made: {preview.error.message}</Alert>}
        {preview.data && (
          <Box
            component="iframe"
            title="Article preview"
            // No scripts, no forms, no same origin: the body is shown, never run.
            sandbox=""
            srcDoc={previewDocument(preview.data)}
            sx={{ width: '100%', height: '65vh', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close preview</Button>
      </DialogActions>
    </Dialog>
  );
}
