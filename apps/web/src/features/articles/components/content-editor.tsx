import InsertLinkIcon from '@mui/icons-material/InsertLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { lazy, Suspense, useRef, useState } from 'react';

// Loaded when the editor first opens: TipTap stays out of every other page's bundle (issue #37).
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export type ContentView = 'visual' | 'html';
/** Markup the visual editor has no node for: the HTML view keeps it exactly. */
const RICH_ONLY_IN_HTML = /<(table|figure|iframe|video|audio|div|span\s+style)\b/i;

/** Spec §9: the edit dialog's content area has 15 rows. */
export const CONTENT_ROWS = 15;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeHtml(text).replace(/"/g, '&quot;');
const isWebUrl = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

export function linkHtml(url: string, text: string): string {
  return `<a href="${escapeAttribute(url.trim())}">${escapeHtml(text.trim() || url.trim())}</a>`;
}

interface ContentEditorProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * The article's body: a visual editor (TipTap, loaded lazily) and the HTML itself in a plain text
 * area; an edit in either is what the other shows. The HTML view keeps everything the model wrote
 * (tables, figures) that the visual editor has no node for. The Link tool asks for a URL and link
 * text and inserts an <a> at the cursor, replacing the selected text.
 */
export function ContentEditor({ value, onChange, disabled }: ContentEditorProps) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [view, setView] = useState<ContentView>('visual');
  // A new form per opening (fresh fields), kept mounted while the dialog fades out.
  const [opening, setOpening] = useState({ count: 0, text: '' });
  const [linkOpen, setLinkOpen] = useState(false);
  const answer = useRef<((link: { url: string; text: string } | null) => void) | null>(null);

  const askLink = (text: string) =>
    new Promise<{ url: string; text: string } | null>((resolve) => {
      answer.current = resolve;
      setOpening((o) => ({ count: o.count + 1, text }));
      setLinkOpen(true);
    });

  const openLink = () => {
    const el = area.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    void askLink(value.slice(start, end)).then((link) => {
      if (!link) return;
      onChange(value.slice(0, start) + linkHtml(link.url, link.text) + value.slice(end));
    });
  };

  const finishLink = (link: { url: string; text: string } | null) => {
    setLinkOpen(false);
    answer.current?.(link ? { url: link.url.trim(), text: link.text.trim() || link.url.trim() } : null);
    answer.current = null;
  };

  return (
    <Box>
      <Box role="toolbar" aria-label="Content tools" sx={{ mb: 1, display: 'flex', gap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_event, next: ContentView | null) => next && setView(next)}
          aria-label="Content view"
        >
          <ToggleButton value="visual">Visual</ToggleButton>
          <ToggleButton value="html">HTML</ToggleButton>
        </ToggleButtonGroup>
        {view === 'html' && (
          <Button size="small" variant="outlined" startIcon={<InsertLinkIcon />} onClick={openLink} disabled={disabled}>
            Link
          </Button>
        )}
      </Box>
      {view === 'visual' && RICH_ONLY_IN_HTML.test(value) && (
        <Box component="p" sx={{ m: 0, mb: 1, typography: 'body2', color: 'text.secondary' }}>
          This article has tables or other blocks the visual editor does not show: edit those in the HTML view.
        </Box>
      )}
      {view === 'visual' ? (
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading the editor" />}>
          <RichTextEditor value={value} onChange={onChange} disabled={disabled ?? false} askLink={askLink} />
        </Suspense>
      ) : (
        <TextField
          label="Content"
          multiline
          rows={CONTENT_ROWS}
          fullWidth
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          inputRef={area}
          slotProps={{
            htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, monospace', fontSize: 13 } },
          }}
        />
      )}
      <Dialog
        open={linkOpen}
        onClose={() => finishLink(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="link-dialog-title"
      >
        <LinkForm
          key={opening.count}
          initialText={opening.text}
          onInsert={(url, text) => finishLink({ url, text })}
          onCancel={() => finishLink(null)}
        />
      </Dialog>
    </Box>
  );
}

function LinkForm({
  initialText,
  onInsert,
  onCancel,
}: {
  initialText: string;
  onInsert: (url: string, text: string) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState('https://');
  const [text, setText] = useState(initialText);
  const valid = isWebUrl(url);
  return (
    <>
      <DialogTitle id="link-dialog-title">Insert Link</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          label="URL"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={url !== 'https://' && !valid}
          helperText={url !== 'https://' && !valid ? 'Enter a full http:// or https:// address' : ' '}
          autoFocus
        />
        <TextField label="Link text" value={text} onChange={(e) => setText(e.target.value)} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onInsert(url, text)}>
          Insert
        </Button>
      </DialogActions>
    </>
  );
}
