import type { SeoPage } from '@abp/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';

/** The page's text (parsed, never injected as HTML), for pages not yet in WordPress. */
function blocksOf(html: string): { heading: boolean; text: string }[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.body.querySelectorAll('h1,h2,h3,h4,p,li')].map((el) => ({
    heading: /^H\d$/.test(el.tagName),
    text: el.textContent ?? '',
  }));
}

export function PagePreviewDialog({ page, onClose }: { page: SeoPage | null; onClose: () => void }) {
  const blocks = useMemo(() => (page ? blocksOf(page.content) : []), [page]);
  return (
    <Dialog open={page !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="seo-page-preview-title">
      <DialogTitle id="seo-page-preview-title">{page?.page_title}</DialogTitle>
      <DialogContent>
        {blocks.map((block, index) => (
          <Typography
            key={index}
            variant={block.heading ? 'h6' : 'body1'}
            component={block.heading ? 'h3' : 'p'}
            sx={{ mt: block.heading ? 2 : 1 }}
          >
            {block.text}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
