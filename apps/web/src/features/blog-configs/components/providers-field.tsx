import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useLlmSettings } from '../../../lib/llm-settings-query';
import { useFallbacks } from '../../../lib/resources/fallback-providers';

interface ProvidersFieldProps {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}

/**
 * The configuration's own model providers, in the order chosen (issue #16): e.g. a cheap model for
 * one site, a premium one for another. Empty: the main provider, then the fallbacks of Settings.
 */
export function ProvidersField({ value, onChange, error }: ProvidersFieldProps) {
  const llm = useLlmSettings();
  const fallbacks = useFallbacks();
  const options = [
    ...(llm.data ? [{ id: 'main', label: `Main: ${llm.data.provider}/${llm.data.effective_model}` }] : []),
    ...(fallbacks.data?.fallbacks ?? []).map((entry, index) => ({
      id: entry.id,
      label: `Fallback ${index + 1}: ${entry.provider}/${entry.model}`,
    })),
  ];
  const labelOf = (id: string) => options.find((option) => option.id === id)?.label ?? `${id} (no longer in Settings)`;
  return (
    <Autocomplete
      multiple
      options={options.map((option) => option.id)}
      value={value}
      onChange={(_event, ids) => onChange(ids)}
      getOptionLabel={labelOf}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label="Model providers"
          error={Boolean(error)}
          helperText={error ?? 'In the order chosen. Empty: the language model of Settings, then its fallbacks.'}
        />
      )}
    />
  );
}
