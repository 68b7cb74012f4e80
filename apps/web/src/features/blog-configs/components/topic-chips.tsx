import { BLOG_CONFIG_LIMITS } from '@abp/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

/** The first topics (a table cell keeps them narrow; a card lets them use its width) as chips, the rest counted ("+2 more", named on hover). */
export function TopicChips({ topics, wide = true }: { topics: readonly string[]; wide?: boolean }) {
  const shown = topics.slice(0, BLOG_CONFIG_LIMITS.topicsShown);
  const more = topics.length - shown.length;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 120, maxWidth: wide ? 200 : 'none' }}>
      {shown.map((topic) => (
        <Chip key={topic} label={topic} size="small" sx={{ maxWidth: '100%' }} />
      ))}
      {more > 0 && (
        <Tooltip title={topics.slice(shown.length).join(', ')}>
          <Chip label={`+${more} more`} size="small" variant="outlined" />
        </Tooltip>
      )}
    </Box>
  );
}
