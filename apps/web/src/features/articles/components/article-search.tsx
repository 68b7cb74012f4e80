import { ARTICLE_SEARCH_MAX_LENGTH } from '@abp/contracts';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

/** Typing settles for this long before the list is asked again (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The Articles list's text search (issue #37): words of the title or the keywords, searched by the server. */
export function ArticleSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  // The address changed (back button, a link): the box shows it (state adjusted while rendering).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = window.setTimeout(() => onChange(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      label="Search articles"
      placeholder="Words of the title or keywords"
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: ARTICLE_SEARCH_MAX_LENGTH },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ mb: 2 }}
    />
  );
}
