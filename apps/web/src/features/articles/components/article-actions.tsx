import type { ArticleSummary } from '@abp/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import DraftsIcon from '@mui/icons-material/Drafts';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PublishIcon from '@mui/icons-material/Publish';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RowMenu } from '../../../components/row-menu';
import type { PublishProgress } from '../hooks/use-publish-article';
import { canPublish, canSendAsDraft } from '../lib/publish-actions';

export interface ArticleActionHandlers {
  onView: (article: ArticleSummary) => void;
  onEdit: (article: ArticleSummary) => void;
  onDelete: (article: ArticleSummary) => void;
  onPublish: (article: ArticleSummary) => void;
  onSendAsDraft: (article: ArticleSummary) => void;
  onTrends: (article: ArticleSummary) => void;
  onGenerationLog: (article: ArticleSummary) => void;
}

interface ArticleActionsProps extends ArticleActionHandlers {
  article: ArticleSummary;
  progress: PublishProgress | undefined;
  /** In a table row the secondary actions go behind "⋯" (issue #17 item 9); a card shows them all. */
  compact?: boolean;
}

/**
 * Per-article actions (spec §2.1), with the publish progress. Publish makes the post live (or
 * schedules it) and is offered until WordPress has it so; "Send to WordPress as draft" is its own
 * action (issue #17).
 */
export function ArticleActions({
  article,
  progress,
  compact = false,
  onView,
  onEdit,
  onDelete,
  onPublish,
  onSendAsDraft,
  onTrends,
  onGenerationLog,
}: ArticleActionsProps) {
  const busy = progress !== undefined && !progress.failed && progress.percent < 100;
  const action = (label: string, icon: ReactNode, run: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={run} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const publishLabel = article.status === 'scheduled' ? 'Schedule on WordPress' : 'Publish';
  if (compact)
    return (
      <Box>
        {/* Two rows of two keep the column narrow, leaving the width to the titles. */}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)' }}>
          {action('View', <VisibilityIcon fontSize="small" />, () => onView(article))}
          {action('Edit', <EditIcon fontSize="small" />, () => onEdit(article))}
          {canPublish(article) &&
            action(publishLabel, <PublishIcon fontSize="small" />, () => onPublish(article), busy)}
          <RowMenu
            label={`More actions for ${article.title || `article ${article.id}`}`}
            actions={[
              ...(canSendAsDraft(article)
                ? [{ label: 'Send to WordPress as draft', onClick: () => onSendAsDraft(article), disabled: busy }]
                : []),
              { label: 'Trend data', onClick: () => onTrends(article) },
              { label: 'Generation log', onClick: () => onGenerationLog(article) },
              { label: 'Delete', onClick: () => onDelete(article), danger: true },
            ]}
          />
        </Box>
        {progress && <PublishProgressLine progress={progress} />}
      </Box>
    );
  // A card (below the table's width, touch screens among them) names every action in words:
  // hover tooltips explain nothing on touch (issue #37).
  const labelled = (label: string, icon: ReactNode, run: () => void, disabled = false, danger = false) => (
    <Button size="small" startIcon={icon} onClick={run} disabled={disabled} color={danger ? 'error' : 'primary'}>
      {label}
    </Button>
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {labelled('View', <VisibilityIcon fontSize="small" />, () => onView(article))}
        {labelled('Edit', <EditIcon fontSize="small" />, () => onEdit(article))}
        {canPublish(article) &&
          labelled(publishLabel, <PublishIcon fontSize="small" />, () => onPublish(article), busy)}
        {canSendAsDraft(article) &&
          labelled('Send to WordPress as draft', <DraftsIcon fontSize="small" />, () => onSendAsDraft(article), busy)}
        {labelled('Trend data', <TrendingUpIcon fontSize="small" />, () => onTrends(article))}
        {labelled('Generation log', <HistoryIcon fontSize="small" />, () => onGenerationLog(article))}
        {labelled('Delete', <DeleteIcon fontSize="small" />, () => onDelete(article), false, true)}
      </Box>
      {progress && <PublishProgressLine progress={progress} />}
    </Box>
  );
}

export function PublishProgressLine({ progress }: { progress: PublishProgress }) {
  return (
    <Box sx={{ mt: 0.5, minWidth: 140 }} role="status" aria-live="polite">
      <Typography variant="caption" color={progress.failed ? 'error' : 'text.secondary'}>
        {progress.text}
        {!progress.failed && ` (${progress.percent}%)`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        color={progress.failed ? 'error' : 'primary'}
        sx={{ height: 4, borderRadius: 2 }}
      />
    </Box>
  );
}
