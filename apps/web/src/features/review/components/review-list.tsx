import type { ReviewItem } from '@abp/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../../components/date-time';
import { formatUsd } from '../../../lib/money';

export const itemKey = (item: Pick<ReviewItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/** The waiting items: site, reason, waiting since, cost; a box to check each for a bulk decision. */
export function ReviewList({
  items,
  current,
  checked,
  onOpen,
  onToggle,
}: {
  items: ReviewItem[];
  current: number;
  checked: ReadonlySet<string>;
  onOpen: (index: number) => void;
  onToggle: (item: ReviewItem) => void;
}) {
  return (
    <List aria-label="Waiting for review" disablePadding>
      {items.map((item, index) => (
        <ListItem key={itemKey(item)} disablePadding divider secondaryAction={null} sx={{ alignItems: 'flex-start' }}>
          <Checkbox
            checked={checked.has(itemKey(item))}
            onChange={() => onToggle(item)}
            slotProps={{ input: { 'aria-label': `Check ${item.title}` } }}
            sx={{ mt: 0.5 }}
          />
          <ListItemButton
            selected={index === current}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => onOpen(index)}
            sx={{ display: 'block', minWidth: 0, py: 1 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {item.title}
            </Typography>
            <Box
              // The open item is drawn in the theme's selected colours: its facts take the item's text colour.
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                mt: 0.5,
                color: index === current ? 'inherit' : 'text.secondary',
              }}
            >
              <Chip
                size="small"
                label={item.reason_label}
                variant="outlined"
                sx={{ color: 'inherit', borderColor: 'currentColor' }}
              />
              <Typography variant="caption">{item.site_name ?? 'No site'}</Typography>
              <Typography variant="caption">
                waiting since <DateTime value={item.since} />
              </Typography>
              {item.usage && <Typography variant="caption">{formatUsd(item.usage.cost_usd)}</Typography>}
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
