import { type QualityFinding, SAMENESS_ASPECT_LABELS } from '@abp/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ExternalLink } from '../../../components/external-link';
import { useSiteSameness } from '../api/get-site-sameness';

/*
 * The quality report's editorial findings in words (issue #33 §4): the stock phrases of an ai_tells
 * finding with the sentences quoted, and the posts a sameness finding names with how they are alike,
 * then the site's own uniformity (GET /api/sites/:id/sameness).
 */

export function AiTellDetails({ finding }: { finding: QualityFinding }) {
  const details = finding.ai_tells;
  if (!details) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Typography variant="body2">
        Phrases: {details.phrases.map((p) => `"${p.phrase}"${p.count > 1 ? ` (${p.count}×)` : ''}`).join(', ')}
        {details.rewritten > 0
          ? `. ${details.rewritten} sentence${details.rewritten === 1 ? ' was' : 's were'} rewritten by the model before this report.`
          : ''}
      </Typography>
      <Box component="ul" aria-label="Sentences with stock phrases" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {details.sentences.map((sentence) => (
          <Typography component="li" variant="body2" key={sentence} sx={{ fontStyle: 'italic' }}>
            “{sentence}”
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

export function SamenessDetails({ finding, siteId }: { finding: QualityFinding; siteId: number | null }) {
  if (!finding.resembles) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Box component="ul" aria-label="Posts it resembles" sx={{ m: 0, pl: 2.5 }}>
        {finding.resembles.map((post) => (
          <Typography component="li" variant="body2" key={`${post.title}-${post.link}`}>
            {post.link ? <ExternalLink href={post.link}>{post.title}</ExternalLink> : `“${post.title}”`}:{' '}
            {post.ways.map((way) => SAMENESS_ASPECT_LABELS[way]).join(', ')}
          </Typography>
        ))}
      </Box>
      <SiteUniformity siteId={siteId} />
    </Box>
  );
}

function SiteUniformity({ siteId }: { siteId: number | null }) {
  const { data } = useSiteSameness(siteId);
  if (!data || data.posts_compared < 2) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5 }}>
      Site: {data.message}
    </Typography>
  );
}
