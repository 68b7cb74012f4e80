import {
  COMPETITION_LEVELS,
  KEYWORD_INTENTS,
  KEYWORD_TYPES,
  SEO_LIMITS,
  type SeoKeywordCreateInput,
  seoKeywordCreateSchema,
} from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormTextField } from '../../../../components/form-text-field';
import { fieldsNamed } from '../../../../lib/forms/field-problems';
import { useContractForm } from '../../../../lib/forms/use-contract-form';

const DEFAULTS = {
  keyword: '',
  keyword_type: 'primary',
  intent_type: 'informational',
  competition_level: 'medium',
} as const;
type KeywordFormValues = Record<keyof typeof DEFAULTS, string>;
const toBody = (values: KeywordFormValues) => ({ ...values, keyword: values.keyword.trim() });

/** Add a custom keyword; defaults primary, informational, medium; disabled while the text is empty. */
export function AddKeywordForm({ onAdd }: { onAdd: (input: SeoKeywordCreateInput) => Promise<boolean> }) {
  const { control, reset, submitWith } = useContractForm<KeywordFormValues, SeoKeywordCreateInput>({
    defaultValues: { ...DEFAULTS },
    schema: seoKeywordCreateSchema,
    toBody,
    fieldOf: fieldsNamed<KeywordFormValues>(['keyword', 'keyword_type', 'intent_type', 'competition_level']),
  });
  const [busy, setBusy] = useState(false);
  const keyword = useWatch({ control, name: 'keyword' });
  const select = (
    key: 'keyword_type' | 'intent_type' | 'competition_level',
    label: string,
    values: readonly string[],
  ) => (
    <FormTextField control={control} name={key} select size="small" label={label} sx={{ minWidth: 150 }}>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {v}
        </MenuItem>
      ))}
    </FormTextField>
  );
  const submit = submitWith(async (body) => {
    setBusy(true);
    const ok = await onAdd(body);
    setBusy(false);
    if (ok) reset({ ...DEFAULTS });
  });
  return (
    <Box
      component="form"
      noValidate
      aria-label="Add custom keyword"
      onSubmit={(e) => {
        if (keyword.trim()) void submit(e);
        else e.preventDefault();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}
    >
      <FormTextField
        control={control}
        name="keyword"
        size="small"
        label="Custom keyword"
        limit={SEO_LIMITS.keyword}
        sx={{ flex: 1, minWidth: 200 }}
      />
      {select('keyword_type', 'Type', KEYWORD_TYPES)}
      {select('intent_type', 'Intent', KEYWORD_INTENTS)}
      {select('competition_level', 'Competition', COMPETITION_LEVELS)}
      <Button type="submit" variant="outlined" disabled={!keyword.trim() || busy}>
        Add Keyword
      </Button>
    </Box>
  );
}
