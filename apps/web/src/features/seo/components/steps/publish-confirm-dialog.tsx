import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { countOf } from '../../../../lib/plural';
import { usePageConflicts } from '../../api/get-page-conflicts';
import { SlugConflicts } from './slug-conflicts';

export interface PublishConfirmation {
  kind: 'pages' | 'articles';
  projectId: number;
  /** What the run will push, by title. */
  titles: string[];
  /** Legal pages among them: always saved as drafts. */
  legal: number;
  /** Articles among them the offline writer wrote (demonstration text). */
  demo?: number;
}

interface Props {
  confirmation: PublishConfirmation | null;
  /** updateExisting: pages that update the site's own page at their address. */
  onConfirm: (status: 'publish' | 'draft', updateExisting: number[]) => void;
  onCancel: () => void;
}

/**
 * Issue #18: the SEO suite's "Publish Pages" / "Publish Articles" ask first, listing what goes to
 * WordPress, with drafts as the default (an operator reviews them there before they go live).
 */
export function PublishConfirmDialog({ confirmation, onConfirm, onCancel }: Props) {
  return (
    <Dialog
      open={confirmation !== null}
      onClose={onCancel}
      maxWidth="sm"
      fullWidth
      aria-labelledby="seo-publish-confirm-title"
    >
      {confirmation && (
        <Body key={confirmation.kind} confirmation={confirmation} onConfirm={onConfirm} onCancel={onCancel} />
      )}
    </Dialog>
  );
}

function Body({ confirmation, onConfirm, onCancel }: Props & { confirmation: PublishConfirmation }) {
  const [status, setStatus] = useState<'publish' | 'draft'>('draft');
  const conflicts = usePageConflicts(confirmation.kind === 'pages' ? confirmation.projectId : null);
  // Updating a site's page that is not live is offered ticked; the operator may untick it.
  const [declined, setDeclined] = useState<Set<number>>(new Set());
  const chosen = new Set(
    (conflicts.data ?? []).filter((c) => !c.live && !declined.has(c.page_id)).map((c) => c.page_id),
  );
  const toggle = (pageId: number, update: boolean) =>
    setDeclined((current) => {
      const next = new Set(current);
      if (update) next.delete(pageId);
      else next.add(pageId);
      return next;
    });
  const noun = confirmation.kind === 'pages' ? 'page' : 'article';
  const count = `${confirmation.titles.length} ${noun}${confirmation.titles.length === 1 ? '' : 's'}`;
  return (
    <>
      <DialogTitle id="seo-publish-confirm-title">
        {confirmation.kind === 'pages' ? 'Publish Pages' : 'Publish Articles'}
      </DialogTitle>
      <DialogContent dividers>
        <DialogContentText>{`These ${count} go to WordPress:`}</DialogContentText>
        <List
          dense
          aria-label={`${confirmation.kind === 'pages' ? 'Pages' : 'Articles'} to publish`}
          sx={{ maxHeight: 240, overflowY: 'auto' }}
        >
          {confirmation.titles.map((title, index) => (
            <ListItem key={`${index}-${title}`} sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </ListItem>
          ))}
        </List>
        <RadioGroup
          value={status}
          onChange={(event) => setStatus(event.target.value as 'publish' | 'draft')}
          aria-label="How to send them"
        >
          <FormControlLabel value="draft" control={<Radio />} label="As drafts, to review in WordPress first" />
          <FormControlLabel value="publish" control={<Radio />} label="Live now, visible to everyone" />
        </RadioGroup>
        {confirmation.kind === 'pages' && (
          <SlugConflicts
            conflicts={conflicts.data}
            loading={conflicts.isLoading}
            error={conflicts.error}
            chosen={chosen}
            onToggle={toggle}
          />
        )}
        {(confirmation.demo ?? 0) > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {`${countOf(confirmation.demo ?? 0, 'article')} of these ${confirmation.demo === 1 ? 'was' : 'were'} written by the offline writer, no model: demonstration text${status === 'publish' ? ', public under your name once live' : ''}.`}
          </Alert>
        )}
        {confirmation.legal > 0 && (
          <Alert
            severity="info"
            sx={{ mt: 1 }}
          >{`${confirmation.legal} legal page(s) are always saved as drafts for a legal review.`}</Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={conflicts.isLoading} onClick={() => onConfirm(status, [...chosen])}>
          {status === 'draft' ? `Send ${count} as drafts` : `Publish ${count} live`}
        </Button>
      </DialogActions>
    </>
  );
}
