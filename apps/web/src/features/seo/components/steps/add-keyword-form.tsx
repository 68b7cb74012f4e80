import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COMPETITION_LEVELS, KEYWORD_INTENTS, KEYWORD_TYPES, SEO_LIMITS, type SeoKeywordCreateInput } from '@abp/contracts';

const DEFAULTS = { keyword: '', keyword_type: 'primary', intent_type: 'informational', competition_level: 'medium' } as const;

/** Add a custom keyword; defaults primary, informational, medium; disabled while the text is empty. */
export function AddKeywordForm({ onAdd }: { onAdd: (input: SeoKeywordCreateInput) => Promise<boolean> }) {
  const [form, setForm] = useState<Record<keyof typeof DEFAULTS, string>>({ ...DEFAULTS });
  const [busy, setBusy] = useState(false);
  const select = (key: 'keyword_type' | 'intent_type' | 'competition_level', label: string, values: readonly string[]) => (
    <TextField select size="small" label={label} value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} sx={{ minWidth: 150 }}>
      {values.map((v) => (
        <MenuItem key={v} value={v}>{v}</MenuItem>
      ))}
    </TextField>
  );
  const submit = async () => {
    setBusy(true);
    const ok = await onAdd({ ...form, keyword: form.keyword.trim() } as SeoKeywordCreateInput);
    setBusy(false);
    if (ok) setForm({ ...DEFAULTS });
  };
  return (
    <Box component="form" aria-label="Add custom keyword" onSubmit={(e) => { e.preventDefault(); if (form.keyword.trim()) void submit(); }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}>
      <TextField size="small" label="Custom keyword" value={form.keyword} onChange={(e) => setForm((f) => ({ ...f, keyword: e.target.value }))} slotProps={{ htmlInput: { maxLength: SEO_LIMITS.keyword } }} sx={{ flex: 1, minWidth: 200 }} />
      {select('keyword_type', 'Type', KEYWORD_TYPES)}
      {select('intent_type', 'Intent', KEYWORD_INTENTS)}
      {select('competition_level', 'Competition', COMPETITION_LEVELS)}
      <Button type="submit" variant="outlined" disabled={!form.keyword.trim() || busy}>Add Keyword</Button>
    </Box>
  );
}
