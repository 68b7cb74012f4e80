import type { SeoPage } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface Props {
  pages: SeoPage[];
  busy: boolean;
  onPublish: (page: SeoPage, status: 'publish' | 'draft') => void;
  onView: (page: SeoPage) => void;
}

const STATUS_COLOR = { published: 'success', draft: 'warning', generated: 'default' } as const;

/** Each page with its type, slug, meta description and keywords, and its own actions. */
export function PageList({ pages, busy, onPublish, onView }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} aria-label="Website pages">
      {pages.map((page) => (
        <Paper key={page.id} variant="outlined" sx={{ p: 2 }} data-testid={`seo-page-${page.slug}`}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
              {page.page_title}
            </Typography>
            <Chip size="small" variant="outlined" label={page.page_type} />
            <Chip size="small" color={STATUS_COLOR[page.status]} label={page.status} />
            {page.needs_legal_review && (
              <Chip size="small" color="error" variant="outlined" label="Needs legal review" />
            )}
            {page.changed_since_publish && (
              <Chip size="small" color="warning" variant="outlined" label="Changed since published: publish again" />
            )}
          </Box>
          <Typography variant="body2" color="text.secondary">{`/${page.slug}`}</Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {page.meta_description}
          </Typography>
          {page.target_keywords.length > 0 && (
            <Typography
              variant="caption"
              color="text.secondary"
            >{`Keywords: ${page.target_keywords.join(', ')}`}</Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button
              size="small"
              variant="contained"
              disabled={busy || (page.status === 'published' && !page.changed_since_publish)}
              onClick={() => onPublish(page, 'publish')}
            >
              Publish
            </Button>
            <Button size="small" disabled={busy} onClick={() => onPublish(page, 'draft')}>
              Save as Draft
            </Button>
            <Button size="small" onClick={() => onView(page)}>
              View
            </Button>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
