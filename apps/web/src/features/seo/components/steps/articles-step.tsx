import { SEO_LIMITS } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CostEstimateLine } from '../../../../components/cost-estimate-line';
import { useCostConfirmation } from '../../../../components/use-cost-confirmation';
import { countOf } from '../../../../lib/plural';
import { generateArticles } from '../../api/generate-articles';
import { errorText } from '../../lib/errors';
import { articleItems, moreNote } from '../../lib/outline-items';
import type { StepProps } from './step-props';

const STATUS_COLOR: Record<string, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  published: 'success',
  draft: 'warning',
  failed: 'error',
  queued: 'info',
  generating: 'info',
};

/** Step 4: a preview of the plan, 'Generate All Articles' with its progress, then the articles. */
export function ArticlesStep({ project, data, notify }: StepProps) {
  const [starting, setStarting] = useState(false);
  const items = data.outline ? articleItems(data.outline) : [];
  const running = data.articles.filter(
    (a) => a.generation_status === 'queued' || a.generation_status === 'generating',
  ).length;
  const done = data.articles.filter((a) => a.generation_status === 'generated').length;
  const pillars = data.outline?.pillar_posts ?? [];
  const clusters = data.outline?.cluster_posts ?? [];

  const estimateRequest =
    items.length > 0
      ? { articles: items.length, word_count: SEO_LIMITS.articleWordCount, site_id: project.site_id }
      : null;
  const costQuestion = useCostConfirmation({
    title: 'Generate all articles?',
    confirmLabel: 'Generate',
    what: 'This run',
  });

  const start = async (confirmBudget: boolean) => {
    if (project.site_id === null) return;
    setStarting(true);
    try {
      const result = await generateArticles({
        project_id: project.id,
        site_id: project.site_id,
        articles: items,
        word_count: SEO_LIMITS.articleWordCount,
        ...(confirmBudget ? { confirm_budget: true } : {}),
      });
      notify(
        result.queued > 0
          ? `Writing ${countOf(result.queued, 'article')} in the background`
          : 'Every planned article is already written or queued',
        'info',
      );
    } catch (error) {
      notify(`Failed to start article generation: ${errorText(error, 'unknown error')}`, 'error');
    } finally {
      setStarting(false);
      await data.refresh();
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Article Generation
        </Typography>
        <Button
          variant="contained"
          onClick={() => void costQuestion.askThen(estimateRequest, start)}
          disabled={starting || running > 0 || items.length === 0 || project.site_id === null}
        >
          Generate All Articles
        </Button>
      </Box>
      {items.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Article generation needs a content outline.
        </Typography>
      )}
      {data.articles.length === 0 && (
        <Box sx={{ mt: 1 }}>
          <CostEstimateLine request={estimateRequest} what="This run" />
        </Box>
      )}
      {costQuestion.dialog}
      {running > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">{`Writing articles: ${done} of ${data.articles.length} done`}</Typography>
          <LinearProgress
            variant="determinate"
            value={(done / Math.max(1, data.articles.length)) * 100}
            aria-label="Article generation progress"
          />
        </Box>
      )}
      {data.articles.length === 0 && data.outline && (
        <Box sx={{ mt: 2 }}>
          <Typography
            variant="subtitle1"
            component="h3"
          >{`${items.length} articles planned, ${SEO_LIMITS.articleWordCount} words each`}</Typography>
          <List dense aria-label="Planned articles">
            {pillars.slice(0, SEO_LIMITS.articlePreviewPillars).map((p) => (
              <ListItem key={p.title} disableGutters>
                <ListItemText primary={p.title} secondary="Pillar" />
              </ListItem>
            ))}
            {clusters.slice(0, SEO_LIMITS.articlePreviewClusters).map((c) => (
              <ListItem key={c.title} disableGutters>
                <ListItemText primary={c.title} secondary={`Cluster of ${c.pillar_parent}`} />
              </ListItem>
            ))}
          </List>
          {[
            moreNote(pillars.length, SEO_LIMITS.articlePreviewPillars),
            moreNote(clusters.length, SEO_LIMITS.articlePreviewClusters),
          ]
            .filter(Boolean)
            .map((note, i) => (
              <Typography key={i} variant="caption" color="text.secondary" component="p">
                {note}
              </Typography>
            ))}
        </Box>
      )}
      {data.articles.length > 0 && (
        <List aria-label="SEO articles" sx={{ mt: 1 }}>
          {data.articles.map((article) => (
            <ListItem key={article.id} disableGutters sx={{ gap: 1, alignItems: 'flex-start' }}>
              <ListItemText
                primary={article.title}
                secondary={article.error ?? article.meta_description ?? `${article.word_count} words`}
              />
              <Chip size="small" variant="outlined" label={article.article_type} />
              <Chip size="small" color={STATUS_COLOR[article.status] ?? 'default'} label={article.status} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
