import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useRef } from 'react';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  /** Asks for a link (URL and text); resolves with the address, or null when cancelled. */
  askLink: (selectedText: string) => Promise<{ url: string; text: string } | null>;
}

/**
 * The visual editor (TipTap), loaded only when the edit dialog opens: its ~130 KB stay out of the
 * dashboard's and the login's bundles. It edits the same HTML the HTML view shows; loading an
 * article does not rewrite it, so markup the editor has no node for is kept unless the text is
 * edited here (the server's sanitizer decides what is stored either way).
 */
export default function RichTextEditor({ value, onChange, disabled = false, askLink }: RichTextEditorProps) {
  const lastEmitted = useRef(value);
  const editor = useEditor({
    // No trailing paragraph added after a last table or list: opening an article must not change it.
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true }, trailingNode: false }), Image],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Content',
        class: 'article-rich-text',
      },
    },
    onUpdate: ({ editor: current }) => {
      // Only the operator's edits count (typing and the toolbar focus the editor); a normalisation
      // TipTap makes on its own while loading would otherwise rewrite the HTML and mark the form edited.
      if (!current.isFocused) return;
      lastEmitted.current = current.getHTML();
      onChange(lastEmitted.current);
    },
  });
  // A change made in the HTML view (or a reset) arrives as a new value: shown without an update event.
  useEffect(() => {
    if (editor && value !== lastEmitted.current) {
      lastEmitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  useEffect(() => editor?.setEditable(!disabled), [editor, disabled]);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      quote: current?.isActive('blockquote') ?? false,
    }),
  });
  if (!editor) return null;

  const tool = (label: string, icon: ReactNode, run: () => void, pressed?: boolean) => (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={pressed}
          color={pressed ? 'primary' : 'default'}
          onClick={run}
          disabled={disabled}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const heading = (level: 2 | 3, pressed: boolean) => (
    <Button
      size="small"
      aria-pressed={pressed}
      variant={pressed ? 'contained' : 'text'}
      onClick={() => editor.chain().focus().toggleHeading({ level }).run()}
      disabled={disabled}
      sx={{ minWidth: 36 }}
    >
      H{level}
    </Button>
  );
  const link = async () => {
    const { from, to } = editor.state.selection;
    const chosen = await askLink(editor.state.doc.textBetween(from, to, ' '));
    if (!chosen) return;
    editor
      .chain()
      .focus()
      .insertContentAt(
        { from, to },
        { type: 'text', text: chosen.text, marks: [{ type: 'link', attrs: { href: chosen.url } }] },
      )
      .run();
  };

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box
        role="toolbar"
        aria-label="Formatting"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {tool(
          'Bold',
          <FormatBoldIcon fontSize="small" />,
          () => editor.chain().focus().toggleBold().run(),
          active?.bold,
        )}
        {tool(
          'Italic',
          <FormatItalicIcon fontSize="small" />,
          () => editor.chain().focus().toggleItalic().run(),
          active?.italic,
        )}
        {heading(2, active?.h2 ?? false)}
        {heading(3, active?.h3 ?? false)}
        {tool(
          'Bulleted list',
          <FormatListBulletedIcon fontSize="small" />,
          () => editor.chain().focus().toggleBulletList().run(),
          active?.bullet,
        )}
        {tool(
          'Numbered list',
          <FormatListNumberedIcon fontSize="small" />,
          () => editor.chain().focus().toggleOrderedList().run(),
          active?.ordered,
        )}
        {tool(
          'Quote',
          <FormatQuoteIcon fontSize="small" />,
          () => editor.chain().focus().toggleBlockquote().run(),
          active?.quote,
        )}
        {tool('Insert link', <InsertLinkIcon fontSize="small" />, () => void link())}
        {tool('Undo', <UndoIcon fontSize="small" />, () => editor.chain().focus().undo().run())}
        {tool('Redo', <RedoIcon fontSize="small" />, () => editor.chain().focus().redo().run())}
      </Box>
      <Box
        sx={{
          px: 2,
          maxHeight: '55vh',
          overflowY: 'auto',
          '& .article-rich-text': { minHeight: 240, outline: 'none', py: 1 },
          '& .article-rich-text img': { maxWidth: '100%', height: 'auto' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
