import type { ArticleSummary, WordPressState } from '@abp/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { capitalise, keywordPreview, statusColor } from '../lib/article-format';

export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={capitalise(status)} color={statusColor(status)} />;
}

/** What WordPress has of the article (issue #17), whatever the article's own status says. */
export const WORDPRESS_STATE_LABELS: Record<WordPressState, string> = {
  not_sent: 'Not sent',
  draft: 'Draft on WP',
  pending: 'Pending on WP',
  scheduled: 'Scheduled on WP',
  live: 'Live on WP',
  trashed: 'Trashed on WP',
  deleted: 'Deleted on WP',
};
const WORDPRESS_STATE_COLORS: Record<WordPressState, 'default' | 'info' | 'success' | 'warning'> = {
  not_sent: 'default',
  draft: 'default',
  pending: 'default',
  scheduled: 'info',
  live: 'success',
  trashed: 'warning',
  deleted: 'warning',
};

export function WordPressStateChip({ state }: { state: WordPressState }) {
  return (
    <Chip
      size="small"
      variant={state === 'not_sent' ? 'outlined' : 'filled'}
      label={WORDPRESS_STATE_LABELS[state]}
      color={WORDPRESS_STATE_COLORS[state]}
    />
  );
}

/** 'Trend' when the article has source URLs, else 'Manual' (spec §2.1). */
export function SourceChip({ article }: { article: Pick<ArticleSummary, 'source_type'> }) {
  const trend = article.source_type === 'trend';
  return (
    <Chip size="small" variant="outlined" label={trend ? 'Trend' : 'Manual'} color={trend ? 'secondary' : 'default'} />
  );
}

/**
 * Issue #18 item 3: written by the offline writer, without a model. Its text is a demonstration:
 * the chip says so wherever the article could be sent on to a public site.
 */
export function DemoChip({ article }: { article: Pick<ArticleSummary, 'demo'> }) {
  if (!article.demo) return null;
  return (
    <Tooltip title="Written by the offline writer, no model: demonstration text, not for a public site.">
      <Chip size="small" color="warning" variant="outlined" label="demo" />
    </Tooltip>
  );
}

/** The first `count` keywords, then '+N' for the rest. */
export function KeywordChips({ keywords, count }: { keywords: readonly string[]; count: number }) {
  const { shown, more } = keywordPreview(keywords, count);
  if (keywords.length === 0) return <>—</>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((keyword) => (
        <Chip key={keyword} size="small" variant="outlined" label={keyword} sx={{ maxWidth: '100%' }} />
      ))}
      {more > 0 && <Chip size="small" label={`+${more}`} />}
    </Box>
  );
}
