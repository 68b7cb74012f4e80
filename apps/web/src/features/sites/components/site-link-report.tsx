import type { LinkReportPost } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ExternalLink } from '../../../components/external-link';
import { useLinkReport } from '../api/get-link-report';

/** Rows shown per table: the report can hold thousands of posts. */
const SHOWN = 100;

function PostsTable({ label, posts }: { label: string; posts: readonly LinkReportPost[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label} size="small">
        <TableHead>
          <TableRow>
            <TableCell>Post</TableCell>
            <TableCell align="right">Links in</TableCell>
            <TableCell align="right">Links out</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {posts.slice(0, SHOWN).map((post) => (
            <TableRow key={post.wp_id} hover>
              <TableCell sx={{ maxWidth: 420, overflowWrap: 'break-word' }}>
                <ExternalLink href={post.link}>{post.title || '(no title)'}</ExternalLink>
              </TableCell>
              <TableCell align="right">{post.links_in}</TableCell>
              <TableCell align="right">{post.links_out}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Sites → Browse → Internal links: how the site's published posts link to each other (counted from
 * the content read at the last sync) and the orphan posts nothing links to.
 */
export function SiteLinkReport({ siteId, synced }: { siteId: number; synced: boolean }) {
  const report = useLinkReport(siteId, synced);
  return (
    <Stack spacing={2} component="section" aria-labelledby="link-report-title" sx={{ mt: 4 }}>
      <Typography id="link-report-title" variant="h6" component="h2">
        Internal links
      </Typography>
      {!synced && <Alert severity="info">Sync the site's content to see how its posts link to each other.</Alert>}
      {report.isError && <Alert severity="error">The link report could not be loaded: {report.error.message}</Alert>}
      {report.data && (
        <>
          <Typography variant="body2" color="text.secondary">
            {report.data.posts_scanned} published posts read, {report.data.internal_links} links between them,{' '}
            {report.data.orphans.length} orphan {report.data.orphans.length === 1 ? 'post' : 'posts'} (nothing on the
            site links to them).
            {report.data.capped ? ' Only the newest posts were read.' : ''}
          </Typography>
          {report.data.orphans.length > 0 && <PostsTable label="Orphan posts" posts={report.data.orphans} />}
          {report.data.posts.length > 0 && <PostsTable label="Posts and their links" posts={report.data.posts} />}
          {Math.max(report.data.orphans.length, report.data.posts.length) > SHOWN && (
            <Typography variant="body2" color="text.secondary">
              The first {SHOWN} of each list are shown.
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}
