import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ReviewChip } from '../../../components/review-chip';
import { CARD_KEYWORDS, formatDate } from '../lib/article-format';
import { ArticleActions } from './article-actions';
import { DemoChip, KeywordChips, SourceChip, StatusChip, WordPressStateChip } from './article-chips';
import type { ArticleListProps } from './articles-table';
import { LiveStatus } from './live-status';

/** Below the medium breakpoint: one card per article, with 3 keywords (spec §2.1). */
export function ArticleCards({
  articles,
  selected,
  progress,
  onToggle,
  onToggleAll: _unused,
  ...actions
}: ArticleListProps) {
  return (
    <Stack spacing={1.5} component="ul" aria-label="Generated articles" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {articles.map((article) => (
        <Card key={article.id} component="li" aria-label={article.title || `Article ${article.id}`}>
          <CardContent sx={{ pb: '12px !important' }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Checkbox
                sx={{ mt: -1, ml: -1 }}
                inputProps={{ 'aria-label': `Select ${article.title || `article ${article.id}`}` }}
                checked={selected.has(article.id)}
                onChange={() => onToggle(article.id)}
              />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
                  {article.title || '(untitled)'}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {article.site_name || '—'} · {article.task_type} · {formatDate(article.created_at)}
                </Typography>
              </Box>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 1 }}>
              <StatusChip status={article.status} />
              <DemoChip article={article} />
              <ReviewChip reason={article.review_reason} releaseAt={article.release_at} />
              <SourceChip article={article} />
              <WordPressStateChip state={article.wordpress_state} />
              <LiveStatus article={article} hideWithoutPost />
            </Box>
            <KeywordChips keywords={article.keywords} count={CARD_KEYWORDS} />
            <Box sx={{ mt: 1 }}>
              <ArticleActions article={article} progress={progress[article.id]} {...actions} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
