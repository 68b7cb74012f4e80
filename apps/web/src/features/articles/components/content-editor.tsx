import InsertLinkIcon from '@mui/icons-material/InsertLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';

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
 * The article's HTML in a plain text area, so nothing the model wrote (tables, figures) is lost
 * by a rich editor's schema. The Link tool asks for a URL and link text and inserts an <a> at
 * the cursor, replacing the selected text.
 */
export function ContentEditor({ value, onChange, disabled }: ContentEditorProps) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  // A new form per opening (fresh fields), kept mounted while the dialog fades out.
  const [opening, setOpening] = useState({ count: 0, text: '' });

  const openLink = () => {
    const el = area.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    setSelection({ start, end });
    setOpening((o) => ({ count: o.count + 1, text: value.slice(start, end) }));
  };

  const insert = (url: string, text: string) => {
    if (!selection) return;
    const html = linkHtml(url, text);
    onChange(value.slice(0, selection.start) + html + value.slice(selection.end));
    setSelection(null);
  };

  return (
    <Box>
      <Box role="toolbar" aria-label="Content tools" sx={{ mb: 1 }}>
        <Button size="small" variant="outlined" startIcon={<InsertLinkIcon />} onClick={openLink} disabled={disabled}>
          Link
        </Button>
      </Box>
      <TextField
        label="Content"
        multiline
        rows={CONTENT_ROWS}
        fullWidth
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        inputRef={area}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, monospace', fontSize: 13 } } }}
      />
      <Dialog
        open={selection !== null}
        onClose={() => setSelection(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="link-dialog-title"
      >
        <LinkForm
          key={opening.count}
          initialText={opening.text}
          onInsert={insert}
          onCancel={() => setSelection(null)}
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
