import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { countOf } from '../../../../lib/plural';
import { type OptimisationTool, useOptimisation } from '../../hooks/use-optimisation';
import { formatTime } from '../../lib/format';
import type { StepProps } from './step-props';

const TOOLS: { tool: OptimisationTool; title: string; text: string; action: string }[] = [
  {
    tool: 'meta',
    title: 'Meta Descriptions',
    text: 'One description per article, at most 160 characters, with its primary keyword.',
    action: 'Generate Meta Descriptions',
  },
  {
    tool: 'schema',
    title: 'Schema Markup',
    text: 'JSON-LD for Article, WebPage, BreadcrumbList and Organization.',
    action: 'Generate Schema Markup',
  },
  {
    tool: 'links',
    title: 'Internal Linking',
    text: 'Up to 5 links per article, cluster ↔ pillar first. Needs at least 2 articles.',
    action: 'Optimize Internal Linking',
  },
];

/** Step 5: the three SEO tools, their results (phase 3 '_complete' log entries) and 'Optimize All SEO'. */
export function OptimisationStep({ project, data, notify }: StepProps) {
  const written = data.articles.filter((a) => a.generation_status === 'generated').length;
  const optimisation = useOptimisation(project.id, written, notify, data.refresh);
  const results = data.logs.filter((log) => log.phase === 3 && log.step.includes('_complete'));
  const busy = optimisation.busy !== null;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          SEO Optimization
        </Typography>
        <Button variant="contained" onClick={() => void optimisation.runAll()} disabled={busy}>
          {optimisation.busy === 'all' ? 'Optimizing…' : 'Optimize All SEO'}
        </Button>
      </Box>
      {busy && <LinearProgress sx={{ mt: 2 }} aria-label="Optimizing" />}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, mt: 2 }}>
        {TOOLS.map(({ tool, title, text, action }) => (
          <Card key={tool} variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h3">
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </CardContent>
            <CardActions>
              <Button
                size="small"
                disabled={busy || written === 0 || (tool === 'links' && written < 2)}
                onClick={() => void optimisation.runOne(tool)}
              >
                {action}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        Optimization Results
      </Typography>
      {results.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No optimization has run yet.
        </Typography>
      ) : (
        <List dense aria-label="Optimization results">
          {results.map((log) => (
            <ListItem key={log.id} disableGutters sx={{ gap: 1 }}>
              <Chip
                size="small"
                color={log.status === 'success' ? 'success' : log.status === 'error' ? 'error' : 'warning'}
                label={log.status}
              />
              <ListItemText
                primary={log.message}
                secondary={`${countOf(Number(log.details.success_count ?? 0), 'item')} · ${formatTime(log.created_at)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
