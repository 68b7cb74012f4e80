import { CALENDAR_KIND_LABELS, type CalendarItem } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DragEvent } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { KIND_COLOURS } from '../lib/kinds';

/** The drag's payload type: the article id of the item dragged. */
export const DRAG_TYPE = 'application/x-abp-article';

interface CalendarItemViewProps {
  item: CalendarItem;
  /** Show the site's name (all sites at once). */
  showSite: boolean;
  onMove: (item: CalendarItem) => void;
}

/** One item: its kind, title and time; a movable one can be dragged to another day or moved with "Move to…". */
export function CalendarItemView({ item, showSite, onMove }: CalendarItemViewProps) {
  const label = CALENDAR_KIND_LABELS[item.kind];
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, String(item.article_id));
    event.dataTransfer.setData('text/plain', item.title);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <Box
      data-testid="calendar-item"
      data-kind={item.kind}
      draggable={item.movable}
      onDragStart={item.movable ? onDragStart : undefined}
      title={`${label}: ${item.title} — ${formatDateTime(item.at)}`}
      sx={{
        borderLeft: 4,
        borderColor: KIND_COLOURS[item.kind],
        outline: item.projection ? '1px dashed' : 'none',
        outlineColor: 'divider',
        bgcolor: 'background.paper',
        px: 0.75,
        py: 0.25,
        borderRadius: 0.5,
        cursor: item.movable ? 'grab' : 'default',
        minWidth: 0,
      }}
    >
      <Typography variant="caption" component="div" color="text.secondary" noWrap>
        {label}
        {showSite ? ` · ${item.site_name}` : ''}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {item.link ? (
          <a href={item.link} target="_blank" rel="noreferrer noopener">
            {item.title}
          </a>
        ) : (
          item.title
        )}
      </Typography>
      {item.movable && (
        <Button
          size="small"
          onClick={() => onMove(item)}
          sx={{ px: 0.5, minWidth: 0 }}
          aria-label={`Move to… another day: “${item.title}”`}
        >
          Move to…
        </Button>
      )}
    </Box>
  );
}
