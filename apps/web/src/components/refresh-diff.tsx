import { REFRESH_CHANGE_LABELS, type RefreshChange } from '@abp/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { diffWordsWithSpace } from 'diff';

/*
 * The diff of a refresh proposal (issue #36 §2): per change its kind, its reason, and the text with
 * what goes struck through and what comes marked, between its context. The Refresh view and the
 * Review inbox both show it (features never import each other, so it lives here).
 */

/** Read by screen readers only: <del>/<ins> are not announced by most, so each says what it is in words. */
const hiddenText = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const FIELD_WORDS: Record<RefreshChange['field'], string> = {
  content: 'In the text',
  title: 'In the title',
  excerpt: 'In the meta description',
};

/** What became of a change after an apply, in words ('pending' says nothing). */
export function changeOutcomeText(change: Pick<RefreshChange, 'outcome' | 'outcome_reason'>): string | null {
  switch (change.outcome) {
    case 'applied':
      return 'Applied';
    case 'dropped':
      return `Dropped: ${change.outcome_reason ?? 'a person changed that part since the proposal'}`;
    case 'skipped':
      return `Not applied: ${change.outcome_reason ?? 'not selected'}`;
    case 'pending':
      return null;
  }
}

/**
 * The span's words side by side: unchanged words as they are, the removed ones in <del>, the added
 * ones in <ins> (word-level, jsdiff), so a year changed in a sentence marks the year, not the sentence.
 */
export function DiffText({ before, after }: { before: string; after: string }) {
  const parts = diffWordsWithSpace(before, after);
  return (
    <>
      {parts.map((part, index) => {
        const key = `${index}-${part.added ? 'a' : part.removed ? 'r' : 'k'}`;
        if (part.removed)
          return (
            <Box
              component="del"
              key={key}
              sx={{ textDecoration: 'line-through', bgcolor: 'rgba(211, 47, 47, 0.14)', color: 'text.primary' }}
            >
              <Box component="span" sx={hiddenText}>
                [removed:{' '}
              </Box>
              {part.value}
              <Box component="span" sx={hiddenText}>
                ]
              </Box>
            </Box>
          );
        if (part.added)
          return (
            <Box
              component="ins"
              key={key}
              sx={{ textDecoration: 'underline', bgcolor: 'rgba(46, 125, 50, 0.16)', color: 'text.primary' }}
            >
              <Box component="span" sx={hiddenText}>
                [added:{' '}
              </Box>
              {part.value}
              <Box component="span" sx={hiddenText}>
                ]
              </Box>
            </Box>
          );
        return <span key={key}>{part.value}</span>;
      })}
    </>
  );
}

export interface RefreshDiffProps {
  changes: readonly RefreshChange[];
  /** A box per change to choose which to apply (while the proposal waits); without it the diff is read only. */
  selection?: {
    selected: ReadonlySet<string>;
    onToggle: (id: string) => void;
    disabled?: boolean;
  };
  /** Says each change's outcome (after an apply). */
  showOutcomes?: boolean;
  /** The list's accessible name. */
  label?: string;
}

/** A proposal's changes as a diff, one list item per change. */
export function RefreshDiff({
  changes,
  selection,
  showOutcomes = false,
  label = 'Proposed changes',
}: RefreshDiffProps) {
  if (changes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No changes.
      </Typography>
    );
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {changes.map((change, index) => {
        const kind = REFRESH_CHANGE_LABELS[change.kind];
        const outcome = showOutcomes ? changeOutcomeText(change) : null;
        return (
          <Box
            component="li"
            key={change.id}
            aria-label={`Change ${index + 1}: ${kind}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              {selection && (
                <Checkbox
                  size="small"
                  checked={selection.selected.has(change.id)}
                  onChange={() => selection.onToggle(change.id)}
                  disabled={selection.disabled}
                  slotProps={{ input: { 'aria-label': `Apply change ${index + 1}: ${kind}` } }}
                  sx={{ p: 0.5, ml: -0.5 }}
                />
              )}
              <Chip size="small" label={kind} variant="outlined" />
              <Typography variant="caption" color="text.secondary">
                {FIELD_WORDS[change.field]}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {change.reason}
            </Typography>
            <Typography
              variant="body2"
              component="p"
              data-testid="refresh-diff-text"
              sx={{
                mt: 1,
                mb: 0,
                p: 1,
                bgcolor: 'action.hover',
                borderRadius: 1,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {change.context_before ? `…${change.context_before}` : ''}
              <DiffText before={change.before} after={change.after} />
              {change.context_after ? `${change.context_after}…` : ''}
            </Typography>
            {outcome && (
              <Typography
                variant="body2"
                sx={{ mt: 1, fontWeight: 600 }}
                color={change.outcome === 'applied' ? 'success.main' : 'text.primary'}
              >
                {outcome}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
