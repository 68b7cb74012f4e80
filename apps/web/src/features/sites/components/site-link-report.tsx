import type { BacklinkProposal, LinkReportPost } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { useOrphanLinkProposals } from '../api/get-orphan-link-proposals';
import { type LinkProposalAction, useLinkProposalAction } from '../api/link-proposal-action';
import { useProposeOrphanLinks } from '../api/propose-orphan-links';

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

const STATE_LABELS: Record<BacklinkProposal['state'], string> = {
  proposed: 'Proposed',
  applied: 'Link added',
  dismissed: 'Dismissed',
  undone: 'Undone',
};

/** The links proposed to orphan posts, each added, undone or dismissed on its own (as a backlink). */
function OrphanProposals({ siteId, proposals }: { siteId: number; proposals: readonly BacklinkProposal[] }) {
  const action = useLinkProposalAction(siteId);
  const act = (id: number, name: LinkProposalAction) => action.mutate({ id, action: name });
  return (
    <>
      {action.isError && <Alert severity="error">{action.error.message}</Alert>}
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Proposed links to orphan posts" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Orphan post</TableCell>
              <TableCell>Linked from</TableCell>
              <TableCell>Words that carry the link</TableCell>
              <TableCell>State</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {proposals.map((proposal) => (
              <TableRow key={proposal.id}>
                <TableCell>
                  <ExternalLink href={proposal.target_link}>{proposal.target_title || '(no title)'}</ExternalLink>
                </TableCell>
                <TableCell>
                  <ExternalLink href={proposal.source_link}>{proposal.source_title || '(no title)'}</ExternalLink>
                </TableCell>
                <TableCell sx={{ maxWidth: 360 }}>
                  “{proposal.anchor}” in: {proposal.paragraph_text}
                </TableCell>
                <TableCell>{STATE_LABELS[proposal.state]}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} justifyContent="flex-end">
                    {(proposal.state === 'proposed' || proposal.state === 'undone') && (
                      <Button size="small" disabled={action.isPending} onClick={() => act(proposal.id, 'apply')}>
                        Add link
                      </Button>
                    )}
                    {proposal.state === 'applied' && (
                      <Button size="small" disabled={action.isPending} onClick={() => act(proposal.id, 'undo')}>
                        Undo
                      </Button>
                    )}
                    {proposal.state === 'proposed' && (
                      <Button size="small" disabled={action.isPending} onClick={() => act(proposal.id, 'dismiss')}>
                        Dismiss
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/**
 * Sites → Browse → Internal links: how the site's published posts link to each other (counted from
 * the content read at the last sync) and the orphan posts nothing links to.
 */
export function SiteLinkReport({ siteId, synced }: { siteId: number; synced: boolean }) {
  const report = useLinkReport(siteId, synced);
  const proposals = useOrphanLinkProposals(siteId, synced);
  const propose = useProposeOrphanLinks(siteId);
  const items = proposals.data?.items ?? [];
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
          {report.data.orphans.length > 0 && (
            <>
              <PostsTable label="Orphan posts" posts={report.data.orphans} />
              <div>
                <Button variant="outlined" disabled={propose.isPending} onClick={() => propose.mutate()}>
                  Link orphan posts
                </Button>
              </div>
            </>
          )}
          {propose.isError && <Alert severity="error">{propose.error.message}</Alert>}
          {proposals.data?.note && <Alert severity="info">{proposals.data.note}</Alert>}
          {items.length > 0 && <OrphanProposals siteId={siteId} proposals={items} />}
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
