import type { ProcessedTrend } from '@abp/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../../components/date-time';
import { ExternalLink } from '../../../components/external-link';
import { PhoneRows, usePhone } from '../../../components/phone-rows';
import { formatDate, shortUrl } from '../lib/trend-format';

export const NO_PROCESSED_TEXT = 'No processed trends found. Trends will appear here after they are processed.';

export function ProcessedTrendsTable({ trends }: { trends: ProcessedTrend[] }) {
  const phone = usePhone();
  if (trends.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {NO_PROCESSED_TEXT}
      </Typography>
    );
  }
  const link = (trend: ProcessedTrend) =>
    trend.url ? (
      <ExternalLink href={trend.url} title={trend.url}>
        {shortUrl(trend.url)}
      </ExternalLink>
    ) : (
      '—'
    );
  if (phone)
    return (
      <PhoneRows
        label="Processed trends"
        rows={trends.map((trend) => ({
          key: trend.id,
          title: trend.title,
          facts: [
            { label: 'Site', value: trend.site_name },
            { label: 'URL', value: link(trend) },
            { label: 'Processed', value: formatDate(trend.processed_at) },
          ],
        }))}
      />
    );
  return (
    <TableContainer>
      <Table size="small" aria-label="Processed trends">
        <TableHead>
          <TableRow>
            <TableCell>Title</TableCell>
            <TableCell>Site</TableCell>
            <TableCell>URL</TableCell>
            <TableCell>Processed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {trends.map((trend) => (
            <TableRow key={trend.id}>
              <TableCell>{trend.title}</TableCell>
              <TableCell>{trend.site_name}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{link(trend)}</TableCell>
              <TableCell>
                <DateTime value={trend.processed_at} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
