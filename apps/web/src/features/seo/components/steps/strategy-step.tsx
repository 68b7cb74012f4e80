import { SEO_LIMITS } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { generateOutline } from '../../api/generate-outline';
import { errorText } from '../../lib/errors';
import { moreNote } from '../../lib/outline-items';
import type { StepProps } from './step-props';

/** Step 2: the pillar/cluster outline: pillars with keywords and 3 headings, the first 6 clusters. */
export function StrategyStep({ project, data, notify }: StepProps) {
  const [busy, setBusy] = useState(false);
  const outline = data.outline;
  const generate = async () => {
    setBusy(true);
    try {
      const keywords = data.keywords.slice(0, SEO_LIMITS.outlineRequestKeywords).map((k) => k.keyword);
      const result = await generateOutline({ project_id: project.id, niche: project.niche, keywords });
      notify(
        `Content outline created: ${result.summary.pillar_posts} pillar posts and ${result.summary.cluster_posts} cluster posts`,
        'success',
      );
    } catch (error) {
      notify(`Failed to generate the content outline: ${errorText(error, 'unknown error')}`, 'error');
    } finally {
      setBusy(false);
      await data.refresh();
    }
  };
  const headingsShown = SEO_LIMITS.outlinePreviewHeadings;
  const clustersShown = SEO_LIMITS.outlinePreviewClusters;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Content Strategy
        </Typography>
        <Button variant="contained" onClick={() => void generate()} disabled={busy || data.keywords.length === 0}>
          {busy ? 'Generating Outline…' : 'Generate Content Outline'}
        </Button>
      </Box>
      {data.keywords.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Generate or add at least one keyword first.
        </Typography>
      )}
      {busy && <LinearProgress sx={{ mt: 2 }} aria-label="Generating outline" />}
      {outline && (
        <>
          <Typography
            variant="subtitle1"
            component="h3"
            sx={{ mt: 3 }}
          >{`Pillar Posts (${outline.pillar_posts.length})`}</Typography>
          <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
            {outline.pillar_posts.map((pillar) => (
              <Card key={pillar.title} variant="outlined">
                <CardContent>
                  <Typography variant="subtitle2" component="h4">
                    {pillar.title}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 1 }}>
                    {pillar.target_keywords.map((k) => (
                      <Chip key={k} size="small" label={k} />
                    ))}
                  </Box>
                  <List dense disablePadding>
                    {pillar.h2_headings.slice(0, headingsShown).map((h) => (
                      <ListItem key={h} disableGutters>
                        <ListItemText primary={h} />
                      </ListItem>
                    ))}
                  </List>
                  {moreNote(pillar.h2_headings.length, headingsShown) && (
                    <Typography variant="caption" color="text.secondary">
                      {moreNote(pillar.h2_headings.length, headingsShown)}
                    </Typography>
                  )}
                </CardContent>
              </Card>
            ))}
          </Box>
          <Typography
            variant="subtitle1"
            component="h3"
            sx={{ mt: 3 }}
          >{`Cluster Posts (${outline.cluster_posts.length})`}</Typography>
          <List dense aria-label="Cluster posts">
            {outline.cluster_posts.slice(0, clustersShown).map((cluster) => (
              <ListItem key={cluster.title} disableGutters>
                <ListItemText
                  primary={cluster.title}
                  secondary={`Type: ${cluster.content_type} · Pillar: ${cluster.pillar_parent || '—'}`}
                />
              </ListItem>
            ))}
          </List>
          {moreNote(outline.cluster_posts.length, clustersShown) && (
            <Typography variant="caption" color="text.secondary">
              {moreNote(outline.cluster_posts.length, clustersShown)}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
