import { SEO_LIMITS, type SeoKeyword } from '@abp/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

interface Props {
  keyword: SeoKeyword;
  onSave: (keyword: SeoKeyword, text: string) => Promise<boolean>;
  onDelete: (keyword: SeoKeyword) => void;
}

/** Inline edit: saved on Enter or when the field is left, if the text changed. */
export function KeywordRow({ keyword, onSave, onDelete }: Props) {
  const [text, setText] = useState(keyword.keyword);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const next = text.trim();
    if (saving || next === keyword.keyword) return;
    if (!next) {
      setText(keyword.keyword);
      return;
    }
    setSaving(true);
    // A refused edit (e.g. a duplicate) goes back to the stored text.
    if (!(await onSave(keyword, next))) setText(keyword.keyword);
    setSaving(false);
  };

  return (
    <TableRow>
      <TableCell>
        <TextField
          variant="standard"
          value={text}
          disabled={saving}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => void save()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
          slotProps={{ htmlInput: { maxLength: SEO_LIMITS.keyword, 'aria-label': `Keyword ${keyword.keyword}` } }}
          fullWidth
        />
      </TableCell>
      <TableCell>{keyword.intent_type}</TableCell>
      <TableCell>{keyword.competition_level}</TableCell>
      <TableCell align="right">
        <IconButton size="small" aria-label={`Delete keyword ${keyword.keyword}`} onClick={() => onDelete(keyword)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
