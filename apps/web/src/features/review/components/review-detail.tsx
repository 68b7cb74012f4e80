import type { ReviewItem } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../../components/date-time';
import { ExternalLink } from '../../../components/external-link';
import { RefreshDiff } from '../../../components/refresh-diff';
import { formatUsd } from '../../../lib/money';
import { previewDocument } from '../../../lib/preview-document';
import { useArticlePreview } from '../api/preview-article';

export interface ReviewDetailActions {
  approve: () => void;
  schedule: () => void;
  reject: () => void;
  hold: () => void;
  busy: boolean;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** One waiting item: what it is, why it waits, its report and preview, and the decisions on it. */
export function ReviewDetail({ item, actions }: { item: ReviewItem; actions: ReviewDetailActions }) {
  const isArticle = item.kind === 'article';
  const report = item.quality_report;
  return (
    <Box component="section" aria-labelledby="review-detail-title" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id="review-detail-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
        <Fact label="Site">{item.site_name ?? '—'}</Fact>
        <Fact label="Reason">{item.reason_label}</Fact>
        <Fact label="Waiting since">
          <DateTime value={item.since} />
        </Fact>
        {item.release_at && (
          <Fact label="Publishes at">
            <DateTime value={item.release_at} />
          </Fact>
        )}
        {isArticle && <Fact label="Cost">{item.usage ? formatUsd(item.usage.cost_usd) : '—'}</Fact>}
        {item.refresh_proposal && (
          <Fact label="Estimated cost">{formatUsd(item.refresh_proposal.estimated_cost_usd)}</Fact>
        )}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={actions.approve} disabled={actions.busy}>
          {item.reason === 'quality_gate'
            ? 'Approve (publish anyway)'
            : item.kind === 'refresh'
              ? 'Approve (apply to WordPress)'
              : 'Approve'}
        </Button>
        {isArticle && (
          <Button variant="outlined" onClick={actions.schedule} disabled={actions.busy}>
            Approve and schedule
          </Button>
        )}
        {isArticle && (
          <Button variant="outlined" component={RouterLink} to={`/articles?edit=${item.id}`}>
            Edit
          </Button>
        )}
        {item.reason === 'delayed' && (
          <Button variant="outlined" onClick={actions.hold} disabled={actions.busy}>
            Hold
          </Button>
        )}
        <Button variant="outlined" color="error" onClick={actions.reject} disabled={actions.busy}>
          Reject
        </Button>
      </Stack>
      {item.link_proposal && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            The link
          </Typography>
          <Typography variant="body2">
            In <ExternalLink href={item.link_proposal.source_link}>{item.link_proposal.source_title}</ExternalLink>, the
            words “{item.link_proposal.anchor}” would link to {item.link_proposal.target_title}:
          </Typography>
          <Typography
            variant="body2"
            component="blockquote"
            sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, m: 0, mt: 1 }}
          >
            {item.link_proposal.paragraph_text}
          </Typography>
        </Box>
      )}
      {item.refresh_proposal && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            The refresh
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Changes to{' '}
            <ExternalLink href={item.refresh_proposal.post_link}>{item.refresh_proposal.post_title}</ExternalLink>;
            approving applies them all (a part edited on WordPress since is left as it is), rejecting dismisses them.
          </Typography>
          <RefreshDiff changes={item.refresh_proposal.changes} />
        </Box>
      )}
      {isArticle && <QualityReportView report={report} />}
      {item.duplicates.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Duplicates found
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {item.duplicates.map((dup) => (
              <li key={`${dup.rule}-${dup.title}`}>
                <Typography variant="body2">
                  {dup.link ? <ExternalLink href={dup.link}>{dup.title}</ExternalLink> : dup.title}
                  {dup.site_name ? ` (on ${dup.site_name})` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {isArticle && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Links in the article
          </Typography>
          {item.links.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              None
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {item.links.map((link, index) => (
                <li key={`${link.href}-${index}`}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <ExternalLink href={link.href}>{link.text || link.href}</ExternalLink>
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Box>
      )}
      {item.article_id !== null && isArticle && <ArticlePreviewFrame articleId={item.article_id} />}
    </Box>
  );
}

function QualityReportView({ report }: { report: ReviewItem['quality_report'] }) {
  if (!report)
    return (
      <Typography variant="body2" color="text.secondary">
        No quality report yet.
      </Typography>
    );
  const findings = [...report.issues, ...report.warnings];
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        Quality report
        <Chip
          size="small"
          label={report.severity}
          color={report.blocking ? 'error' : report.severity === 'none' ? 'success' : 'warning'}
        />
      </Typography>
      <Typography variant="body2">{report.message}</Typography>
      {findings.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {findings.map((finding, index) => (
            <li key={`${finding.rule}-${index}`}>
              <Typography variant="body2">
                {finding.severity}: {finding.message}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

function ArticlePreviewFrame({ articleId }: { articleId: number }) {
  const preview = useArticlePreview(articleId);
  const site = preview.data?.site_name;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {site ? `Preview — as ${site} will show it` : 'Preview — as the site will show it'}
      </Typography>
      {preview.isPending && <CircularProgress size={24} aria-label="Loading the preview" />}
      {preview.isError && <Alert severity="error">The preview could not be made: {preview.error.message}</Alert>}
      {preview.data && (
        <Box
          component="iframe"
          title="Article preview"
          // No scripts, no forms, no same origin: the body is shown, never run.
          sandbox=""
          srcDoc={previewDocument(preview.data)}
          sx={{ width: '100%', height: '60vh', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
        />
      )}
    </Box>
  );
}
