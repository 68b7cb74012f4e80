import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ArticleSummary } from '@abp/contracts';
import { capitalise, keywordPreview, statusColor } from '../lib/article-format';

export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={capitalise(status)} color={statusColor(status)} />;
}

/** 'Trend' when the article has source URLs, else 'Manual' (spec §2.1). */
export function SourceChip({ article }: { article: Pick<ArticleSummary, 'source_type'> }) {
  const trend = article.source_type === 'trend';
  return <Chip size="small" variant="outlined" label={trend ? 'Trend' : 'Manual'} color={trend ? 'secondary' : 'default'} />;
}

/** The first `count` keywords, then '+N' for the rest. */
export function KeywordChips({ keywords, count }: { keywords: readonly string[]; count: number }) {
  const { shown, more } = keywordPreview(keywords, count);
  if (keywords.length === 0) return <>—</>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {shown.map((keyword) => (
        <Chip key={keyword} size="small" variant="outlined" label={keyword} />
      ))}
      {more > 0 && <Chip size="small" label={`+${more}`} />}
    </Box>
  );
}
