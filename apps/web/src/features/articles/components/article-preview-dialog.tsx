import type { ArticlePreview } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { usePreviewArticle } from '../api/preview-article';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page shown in the preview frame: the title, the featured image and the body as the server's
 * publishing sanitizer returns it. The frame is sandboxed without scripts and its policy allows
 * nothing to run or be sent; only images and inline styles load.
 */
export function previewDocument(preview: ArticlePreview): string {
  const image = preview.featured_image_url
    ? `<img class="featured" src="${escapeHtml(preview.featured_image_url)}" alt="">`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'">
<style>body{font:17px/1.65 Georgia,serif;color:#222;max-width:720px;margin:24px auto;padding:0 16px}
h1{font:700 2rem/1.2 system-ui,sans-serif;margin:0 0 16px}img{max-width:100%;height:auto}
.featured{display:block;margin:0 0 20px;border-radius:4px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}</style>
</head><body><article><h1>${escapeHtml(preview.title)}</h1>${image}${preview.content}</article></body></html>`;
}

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
