import type { ArticleSummary } from '@abp/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ReviewChip } from '../../../components/review-chip';
import type { PublishProgress } from '../hooks/use-publish-article';
import { formatDate, TABLE_KEYWORDS, TITLE_CUT, truncate } from '../lib/article-format';
import { type ArticleActionHandlers, ArticleActions } from './article-actions';
import { DemoChip, KeywordChips, SourceChip, StatusChip, WordPressStateChip } from './article-chips';
import { LiveStatus } from './live-status';

export interface ArticleListProps extends ArticleActionHandlers {
  articles: readonly ArticleSummary[];
  selected: ReadonlySet<number>;
  progress: Record<number, PublishProgress>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
}

/** The window width from which the nine columns fit beside the drawer; cards below it (issue #17 item 9). */
export const ARTICLES_TABLE_MIN_WIDTH = 1280;

/** Wide screens (spec §2.1 columns); the secondary actions of a row are behind its "⋯". */
export function ArticlesTable({ articles, selected, progress, onToggle, onToggleAll, ...actions }: ArticleListProps) {
  const selectedHere = articles.filter((a) => selected.has(a.id)).length;
  return (
    <TableContainer component={Paper} variant="outlined">
      {/* Nine columns in the 990 px beside the drawer at 1280: tighter cell padding than MUI's default. */}
      <Table aria-label="Generated articles" size="small" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                inputProps={{ 'aria-label': 'Select all articles on this page' }}
                checked={articles.length > 0 && selectedHere === articles.length}
                indeterminate={selectedHere > 0 && selectedHere < articles.length}
                onChange={(event) => onToggleAll(event.target.checked)}
              />
            </TableCell>
            <TableCell>Title</TableCell>
            <TableCell>Site</TableCell>
            <TableCell>Source/Task Type</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>WordPress</TableCell>
            <TableCell>Keywords</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {articles.map((article) => (
            <TableRow key={article.id} hover selected={selected.has(article.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  inputProps={{ 'aria-label': `Select ${article.title || `article ${article.id}`}` }}
                  checked={selected.has(article.id)}
                  onChange={() => onToggle(article.id)}
                />
              </TableCell>
              <TableCell sx={{ minWidth: 180, maxWidth: 300 }}>
                <Typography variant="body2" fontWeight={600} title={article.title} sx={{ overflowWrap: 'anywhere' }}>
                  {truncate(article.title || '(untitled)', TITLE_CUT)}
                </Typography>
              </TableCell>
              <TableCell>{article.site_name || '—'}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                  <SourceChip article={article} />
                  <Typography variant="caption" color="text.secondary">
                    {article.task_type}
                  </Typography>
                </Box>
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                  <StatusChip status={article.status} />
                  <DemoChip article={article} />
                  <ReviewChip reason={article.review_reason} releaseAt={article.release_at} />
                </Box>
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                  <WordPressStateChip state={article.wordpress_state} />
                  <LiveStatus article={article} hideWithoutPost />
                </Box>
              </TableCell>
              <TableCell sx={{ maxWidth: 150 }}>
                <KeywordChips keywords={article.keywords} count={TABLE_KEYWORDS} />
              </TableCell>
              {/* The one date format ("Nov 27, 2026") may wrap: at 1280 px nowrap pushed the table 5 px past its box. */}
              <TableCell sx={{ minWidth: 90 }}>{formatDate(article.created_at)}</TableCell>
              <TableCell>
                <ArticleActions article={article} progress={progress[article.id]} compact {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
