import { personaLabel } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BlogConfigListProps } from './blog-configs-table';
import { NextPostCell } from './next-post-cell';
import { TopicChips } from './topic-chips';

/** A label and its value, one line of a card. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Typography variant="body2" component="div">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {children}
    </Typography>
  );
}

/**
 * Below the width where the ten columns fit (issue #17 item 9): one card per configuration, with
 * the same facts and both actions in reach at 1024, 900 and 390 px.
 */
export function BlogConfigCards({ configs, onEdit, onDelete }: BlogConfigListProps) {
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Blog configurations">
      {configs.map((config) => (
        <Card key={config.id} variant="outlined" component="li" aria-label={config.site_name}>
          <CardContent sx={{ pb: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography variant="h6" component="h2">
                  {config.site_name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {config.site_url}
                </Typography>
              </Box>
              <Chip
                label={config.is_active ? 'Active' : 'Inactive'}
                size="small"
                color={config.is_active ? 'primary' : 'default'}
                variant={config.is_active ? 'filled' : 'outlined'}
              />
              <Chip
                label={config.post_status}
                size="small"
                color={config.post_status === 'published' ? 'success' : 'default'}
              />
            </Box>
            <Box sx={{ my: 1 }}>
              <TopicChips topics={config.topics} wide={false} />
            </Box>
            <Stack spacing={0.25}>
              <Fact label="Task Type">{config.task_type}</Fact>
              <Fact label="Persona">{personaLabel(config.content_persona)}</Fact>
              <Fact label="Post Interval">{`${config.posting_interval_min}-${config.posting_interval_max} hours`}</Fact>
              <Fact label="Max Posts/Day">{config.max_posts_per_day}</Fact>
            </Stack>
            <Box sx={{ mt: 1 }}>
              <NextPostCell config={config} />
            </Box>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button
              size="small"
              aria-label={`Edit configuration of ${config.site_name}`}
              onClick={() => onEdit(config)}
            >
              Edit
            </Button>
            <Button
              size="small"
              color="error"
              aria-label={`Delete configuration of ${config.site_name}`}
              onClick={() => onDelete(config)}
            >
              Delete
            </Button>
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}
