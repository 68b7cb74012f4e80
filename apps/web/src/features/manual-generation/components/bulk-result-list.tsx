import { BULK_JOB_PAGE, type BulkJobItemResult } from '@abp/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ExternalLink } from '../../../components/external-link';
import { ReviewChip } from '../../../components/review-chip';
import { cutItemText } from '../lib/bulk-job-text';

interface BulkResultListProps {
  title: string;
  items: readonly BulkJobItemResult[];
  /** A Retry button on each item (the job page, once the job is final). */
  onRetry?: (position: number) => void;
  /** The item being retried (-1: the whole job is busy), or null. */
  retrying?: number | null;
}

/**
 * One list of results: each item's text cut at 60, with its attempts, Recovered and refusal chips,
 * its article (issue #37: each result links to it) and a failure's reason in full words.
 */
export function BulkResultList({ title, items, onRetry, retrying = null }: BulkResultListProps) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {title} ({items.length})
      </Typography>
      <List dense>
        {items.map((item) => (
          <ListItem
            key={item.position}
            divider
            sx={{ flexWrap: 'wrap', gap: 1 }}
            aria-label={cutItemText(item.originalItem)}
          >
            <Typography variant="body2" title={item.originalItem} sx={{ flex: '1 1 240px', minWidth: 0 }}>
              {item.wordpress_link ? (
                <ExternalLink href={item.wordpress_link}>{cutItemText(item.originalItem)}</ExternalLink>
              ) : (
                cutItemText(item.originalItem)
              )}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'center' }}>
              <Chip size="small" label={`Attempts: ${item.attempts}`} />
              <ReviewChip reason={item.review_reason} releaseAt={item.release_at} />
              {item.refusal_recovered && <Chip size="small" color="success" label="Recovered" />}
              {item.refusal_matches.length > 0 && (
                <Chip size="small" color="warning" label={`Refusals: ${item.refusal_matches.length}`} />
              )}
              {item.article_id !== null && (
                <Link component={RouterLink} to={`/articles?view=${item.article_id}`} variant="body2" sx={{ px: 0.5 }}>
                  {BULK_JOB_PAGE.openArticle}
                </Link>
              )}
              {onRetry && (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => onRetry(item.position)}
                  disabled={retrying !== null}
                  aria-label={`${BULK_JOB_PAGE.retryItem}: ${cutItemText(item.originalItem)}`}
                >
                  {BULK_JOB_PAGE.retryItem}
                </Button>
              )}
            </Stack>
            {item.error && (
              <Typography variant="body2" color="error" sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}>
                {BULK_JOB_PAGE.reasonLabel} <span>{item.error}</span>
              </Typography>
            )}
          </ListItem>
        ))}
      </List>
    </section>
  );
}
