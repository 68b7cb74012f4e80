import type { BulkJobItemResult } from '@abp/contracts';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ExternalLink } from '../../../components/external-link';
import { cutItemText } from '../lib/bulk-job-text';

interface BulkResultListProps {
  title: string;
  items: readonly BulkJobItemResult[];
}

/** One list of results: each item's text cut at 60, with its attempts, Recovered, refusal and error chips. */
export function BulkResultList({ title, items }: BulkResultListProps) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {title} ({items.length})
      </Typography>
      <List dense>
        {items.map((item) => (
          <ListItem key={item.position} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2" title={item.originalItem} sx={{ flex: '1 1 240px', minWidth: 0 }}>
              {item.wordpress_link ? (
                <ExternalLink href={item.wordpress_link}>{cutItemText(item.originalItem)}</ExternalLink>
              ) : (
                cutItemText(item.originalItem)
              )}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              <Chip size="small" label={`Attempts: ${item.attempts}`} />
              {item.refusal_recovered && <Chip size="small" color="success" label="Recovered" />}
              {item.refusal_matches.length > 0 && (
                <Chip size="small" color="warning" label={`Refusals: ${item.refusal_matches.length}`} />
              )}
              {item.error && (
                <Chip size="small" color="error" label={item.error} title={item.error} sx={{ maxWidth: 360 }} />
              )}
            </Stack>
          </ListItem>
        ))}
      </List>
    </section>
  );
}
