import type { ManualGenerationResult } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ExternalLink } from '../../../components/external-link';
import { editPostUrl, viewOnWordPressUrl } from '../../../lib/wordpress-links';
import { previewText } from '../lib/content-preview';
import { HeldNotice } from './held-notice';

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {value}
      </Typography>
    </Box>
  );
}

/** The Single Article tab's result panel: refusal figures, title, article id and a content preview. */
export function GenerationResult({ result, siteUrl = '' }: { result: ManualGenerationResult; siteUrl?: string }) {
  const post = { ...result, site_url: siteUrl };
  const wordpressUrl = viewOnWordPressUrl(post, result.status === 'published');
  const editUrl = editPostUrl(post);
  return (
    <Card variant="outlined" component="section" aria-label="Generation result" sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            Result
          </Typography>
          <Chip size="small" label={result.status} color={result.status === 'published' ? 'success' : 'warning'} />
        </Stack>
        {result.held && <HeldNotice held={result.held} sx={{ mb: 2 }} />}
        {result.publish_error && !result.held && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Saved as a draft but not pushed to WordPress: {result.publish_error}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mb: 2 }}>
          <Fact label="Attempts" value={result.attempts} />
          <Fact label="Recovered" value={result.refusal_recovered ? 'Yes' : 'No'} />
          <Fact label="Refusal flags" value={result.refusal_matches.length} />
          <Fact label="Article ID" value={result.article_id} />
          <Fact label="Words" value={result.word_count} />
        </Stack>
        <Fact label="Title" value={result.title} />
        {/* Issue #37 item 8: the result leads to the article, here and on its site. */}
        <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2">
            <Link component={RouterLink} to={`/articles?view=${result.article_id}`}>
              Open in Articles
            </Link>
          </Typography>
          {wordpressUrl && (
            <Typography variant="body2">
              <ExternalLink href={wordpressUrl}>View on WordPress</ExternalLink>
            </Typography>
          )}
          {editUrl && (
            <Typography variant="body2">
              <ExternalLink href={editUrl}>Edit in WordPress</ExternalLink>
            </Typography>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 2 }}>
          Content preview
        </Typography>
        <Box
          data-testid="content-preview"
          sx={{
            maxHeight: 240,
            overflow: 'auto',
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            whiteSpace: 'pre-wrap',
          }}
        >
          <Typography variant="body2">{previewText(result.content)}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
