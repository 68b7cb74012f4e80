import type { CalendarItemKind } from '@abp/contracts';

/**
 * Each kind's colour: a bar at the item's left edge and the legend's swatch (the text stays the
 * theme's, so contrast holds); projections also get a dashed outline, since they are not posts yet.
 */
export const KIND_COLOURS: Record<CalendarItemKind, string> = {
  published: 'success.main',
  scheduled: 'primary.main',
  projected: 'grey.500',
  held: 'warning.main',
  delayed: 'secondary.main',
};
