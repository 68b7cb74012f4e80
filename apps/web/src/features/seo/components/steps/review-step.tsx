import { SEO_MESSAGES } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { countOf } from '../../../../lib/plural';
import { usePublish } from '../../hooks/use-publish';
import { type PublishConfirmation, PublishConfirmDialog } from './publish-confirm-dialog';
import { PublishProgress } from './publish-progress';
import { SitePagesGenerator } from './site-pages-generator';
import type { StepProps } from './step-props';

/** Step 6: summary cards, the site-pages generator, publishing, and 'Complete Campaign'. */
export function ReviewStep({ project, data, notify }: StepProps) {
  const publish = usePublish(project.id, notify, data.refresh);
  const written = data.articles.filter((a) => a.generation_status === 'generated').length;
  const [confirming, setConfirming] = useState<PublishConfirmation | null>(null);
  const askPages = () =>
    setConfirming({
      kind: 'pages',
      projectId: project.id,
      titles: data.pages.map((p) => p.page_title),
      legal: data.pages.filter((p) => p.needs_legal_review).length,
    });
  const askArticles = () => {
    const written = data.articles.filter((a) => a.generation_status === 'generated');
    setConfirming({
      kind: 'articles',
      projectId: project.id,
      titles: written.map((a) => a.title),
      legal: 0,
      demo: written.filter((a) => a.demo).length,
    });
  };
  const confirm = (status: 'publish' | 'draft', updateExisting: number[]) => {
    const kind = confirming?.kind;
    setConfirming(null);
    if (kind === 'pages') void publish.publishPages({ status, updateExisting });
    if (kind === 'articles') void publish.publishArticles({ status });
  };
  const cards: [string, string | number][] = [
    ['Keywords Generated', data.keywords.length],
    ['Pages Created', data.pages.length],
    ['Articles Planned', project.total_articles_planned],
    ['Phase Completed', project.status === 'completed' ? '3/3' : `${Math.max(0, project.current_phase - 1)}/3`],
  ];
  return (
    <Box>
      <Typography variant="h6" component="h2">
        Review &amp; Publish
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mt: 2 }}>
        {cards.map(([label, value]) => (
          <Card key={label} variant="outlined">
            <CardContent>
              <Typography variant="h4" component="p">
                {value}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3">
        Site Pages
      </Typography>
      <SitePagesGenerator project={project} notify={notify} refresh={data.refresh} />
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3">
        Publish to WordPress
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`${countOf(data.pages.length, 'page')} and ${countOf(written, 'article')}. Privacy and terms pages are always saved as drafts for a legal review.`}
      </Typography>
      <PublishProgress publish={publish} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={publish.busy !== null || data.pages.length === 0} onClick={askPages}>
          Publish Pages
        </Button>
        <Button variant="outlined" disabled={publish.busy !== null || written === 0} onClick={askArticles}>
          Publish Articles
        </Button>
      </Box>
      <PublishConfirmDialog confirmation={confirming} onConfirm={confirm} onCancel={() => setConfirming(null)} />
      <Divider sx={{ my: 3 }} />
      <Button
        variant="contained"
        color="success"
        size="large"
        onClick={() => notify(SEO_MESSAGES.campaignComplete, 'success')}
      >
        Complete Campaign
      </Button>
    </Box>
  );
}
