import type { Article, PublishSendAs, QualityReport } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect } from 'react';
import { ExternalLink } from '../../../components/external-link';
import { ReviewChip } from '../../../components/review-chip';
import { formatTokens, formatUsd } from '../../../lib/money';
import { editPostUrl, viewOnWordPressUrl } from '../../../lib/wordpress-links';
import { useArticle } from '../api/get-article';
import type { PublishProgress } from '../hooks/use-publish-article';
import { formatDateTime } from '../lib/article-format';
import { canPublish, canSendAsDraft } from '../lib/publish-actions';
import { safeHtml } from '../lib/safe-html';
import { PublishProgressLine } from './article-actions';
import { DemoChip, KeywordChips, SourceChip, StatusChip } from './article-chips';
import { BacklinksPanel } from './backlinks-panel';
import { AiTellDetails, SamenessDetails } from './editorial-findings';

interface ViewArticleDialogProps {
  articleId: number | null;
  progress: PublishProgress | undefined;
  onPublish: (article: Article, sendAs?: PublishSendAs) => void;
  onClose: () => void;
}

export function ViewArticleDialog({ articleId, progress, onPublish, onClose }: ViewArticleDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const query = useArticle(articleId);
  const article = query.data;

  useEffect(() => {
    if (query.isError) enqueueSnackbar('Failed to load article details', { variant: 'error' });
  }, [query.isError, enqueueSnackbar]);

  const busy = progress !== undefined && !progress.failed && progress.percent < 100;
  return (
    <Dialog
      open={articleId !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      scroll="paper"
      aria-labelledby="view-article-title"
    >
      <DialogTitle id="view-article-title">{article?.title || 'Article'}</DialogTitle>
      <DialogContent dividers>
        {query.isPending && <CircularProgress aria-label="Loading article" />}
        {query.isError && <Alert severity="error">Failed to load article details</Alert>}
        {article && <ArticleDetails article={article} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {progress && (
          <Box sx={{ mr: 'auto', minWidth: 200 }}>
            <PublishProgressLine progress={progress} />
          </Box>
        )}
        {article && canSendAsDraft(article) && (
          <Button variant="outlined" onClick={() => onPublish(article, 'draft')} disabled={busy}>
            Send to WordPress as draft
          </Button>
        )}
        {article && canPublish(article) && (
          <Button variant="contained" onClick={() => onPublish(article)} disabled={busy}>
            {article.status === 'scheduled' ? 'Schedule on WordPress' : 'Publish to WordPress'}
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The quality report's findings (the gate's, stored when it was written or last published), if any. */
function QualityFindings({ report, siteId }: { report: QualityReport | null; siteId: number | null }) {
  if (!report || report.issues.length + report.warnings.length === 0) return null;
  return (
    <Box role="region" aria-label="Quality report" sx={{ mt: 1.5, display: 'grid', gap: 1 }}>
      {[...report.issues, ...report.warnings].map((finding) => (
        <Alert
          key={`${finding.rule}-${finding.message}`}
          severity={finding.severity === 'severe' ? 'error' : 'warning'}
        >
          {finding.message}
          {finding.existing_post && (
            // The post that already covers the subject (site knowledge, issue #32): its title, linked when it has a web address.
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Covered by {finding.existing_post.site_name ? `${finding.existing_post.site_name}: ` : ''}
              <ExternalLink href={finding.existing_post.link}>{finding.existing_post.title}</ExternalLink>
              {finding.existing_post.link ? ` (${finding.existing_post.link})` : ''}
            </Typography>
          )}
          <AiTellDetails finding={finding} />
          <SamenessDetails finding={finding} siteId={siteId} />
        </Alert>
      ))}
    </Box>
  );
}

function ArticleDetails({ article }: { article: Article }) {
  const links = [
    ['View on WordPress', viewOnWordPressUrl(article, article.status === 'published')],
    ['Edit in WordPress', editPostUrl(article)],
  ] as const;
  const facts: Array<[string, ReactNode]> = [
    ['Site', article.site_name || '—'],
    [
      'Status',
      <Box key="s" sx={{ display: 'flex', gap: 0.5 }}>
        <StatusChip status={article.status} />
        <DemoChip article={article} />
        <ReviewChip reason={article.review_reason} releaseAt={article.release_at} />
      </Box>,
    ],
    ['Source', <SourceChip key="src" article={article} />],
    ['Task type', article.task_type],
    ['Created', formatDateTime(article.created_at)],
    ['Scheduled for', formatDateTime(article.scheduled_at)],
    ['Words', article.word_count.toLocaleString()],
    ['Attempts', article.attempts],
    ['Refusal recovered', article.refusal_recovered ? 'Yes' : 'No'],
    ['WordPress post', article.wordpress_post_id ?? 'Not published yet'],
    // What its model calls cost, priced when each ended (issue #16); the offline writer calls none.
    [
      'Cost',
      article.usage
        ? `${formatUsd(article.usage.cost_usd)} · ${formatTokens(article.usage.input_tokens, article.usage.output_tokens, article.usage.estimated)}`
        : 'No model calls',
    ],
  ];
  return (
    <>
      <Typography variant="subtitle1" component="h3" fontWeight={700} gutterBottom>
        Article Information
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, m: 0 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              {value}
            </Box>
          </Box>
        ))}
        <Typography component="dt" variant="body2" color="text.secondary">
          Keywords
        </Typography>
        <Box component="dd" sx={{ m: 0 }}>
          <KeywordChips keywords={article.keywords} count={article.keywords.length} />
        </Box>
        {article.tags.length > 0 && (
          <>
            <Typography component="dt" variant="body2" color="text.secondary">
              Tags
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <KeywordChips keywords={article.tags} count={article.tags.length} />
            </Box>
          </>
        )}
      </Box>
      <QualityFindings report={article.quality_report} siteId={article.site_id} />
      {article.wordpress_post_id !== null && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1.5 }}>
          {links.map(([label, href]) =>
            href ? (
              <ExternalLink key={label} href={href}>
                {label}
              </ExternalLink>
            ) : null,
          )}
        </Box>
      )}
      {article.refusal_matches.length > 0 && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          Refusal matches: {article.refusal_matches.join('; ')}
        </Alert>
      )}
      {article.wordpress_post_id !== null && article.site_id !== null && (
        <>
          <Divider sx={{ my: 2 }} />
          <BacklinksPanel articleId={article.id} live={article.wordpress_state === 'live'} />
        </>
      )}
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h3" fontWeight={700} gutterBottom>
        Content
      </Typography>
      <Box
        className="article-content"
        sx={{
          '& img': { maxWidth: '100%', height: 'auto' },
          '& table': { borderCollapse: 'collapse' },
          '& td, & th': { border: 1, borderColor: 'divider', p: 0.5 },
        }}
        dangerouslySetInnerHTML={{ __html: safeHtml(article.content) }}
      />
    </>
  );
}
