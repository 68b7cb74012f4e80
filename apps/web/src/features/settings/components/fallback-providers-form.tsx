import {
  FALLBACK_PROVIDERS,
  type FallbackProviders,
  type FallbackProvidersUpdate,
  fallbackProvidersUpdateSchema,
  LLM_PROVIDER_LABELS,
} from '@abp/contracts';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useFieldArray } from 'react-hook-form';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useSaveFallbacks } from '../api/provider-chain';
import {
  type FallbackFormValues,
  fallbackFieldOf,
  toFallbackFormValues,
  toFallbackUpdateBody,
} from '../lib/fallback-form';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');
const shortLabel = (provider: (typeof FALLBACK_PROVIDERS)[number]) => LLM_PROVIDER_LABELS[provider].split(' (')[0];

/** The ordered fallbacks: added, reordered, removed, saved together. */
export function FallbackProvidersForm({ saved }: { saved: FallbackProviders }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveFallbacks();
  const { register, control, formState, submitWith, showServerProblems } = useContractForm<
    FallbackFormValues,
    FallbackProvidersUpdate
  >({
    defaultValues: toFallbackFormValues(saved),
    schema: fallbackProvidersUpdateSchema,
    toBody: toFallbackUpdateBody,
    fieldOf: fallbackFieldOf,
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'fallbacks' });
  const errors = formState.errors.fallbacks;
  const busy = save.isPending;

  const submit = submitWith(async (_body, values) => {
    try {
      await save.mutateAsync(toFallbackUpdateBody(values));
      enqueueSnackbar('Fallback providers saved', { variant: 'success' });
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(`Failed to save fallback providers: ${reason(error)}`, { variant: 'error' });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Fallback providers">
      <Stack spacing={2}>
        {fields.map((field, index) => {
          const problem = errors?.[index];
          const text = (
            name: 'model' | 'base_url' | 'api_key' | 'concurrency',
            label: string,
            helper: string,
            extra: Record<string, unknown> = {},
          ) => {
            const { ref, ...rest } = register(`fallbacks.${index}.${name}`);
            return (
              <TextField
                size="small"
                label={label}
                {...rest}
                inputRef={ref}
                disabled={busy}
                error={Boolean(problem?.[name])}
                helperText={problem?.[name]?.message ?? helper}
                {...extra}
              />
            );
          };
          const provider = register(`fallbacks.${index}.provider`);
          return (
            <Stack
              key={field.id}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              alignItems={{ md: 'flex-start' }}
              role="group"
              aria-label={`Fallback ${index + 1}`}
            >
              <TextField
                select
                size="small"
                label="Provider"
                defaultValue={field.provider}
                {...provider}
                inputRef={provider.ref}
                disabled={busy}
                sx={{ minWidth: 180 }}
              >
                {FALLBACK_PROVIDERS.map((id) => (
                  <MenuItem key={id} value={id}>
                    {shortLabel(id)}
                  </MenuItem>
                ))}
              </TextField>
              {text('model', 'Model', "Empty: the provider's default")}
              {text('base_url', 'Base URL', 'Needed for an OpenAI-compatible server', { sx: { flex: 1, minWidth: 0 } })}
              {text('api_key', 'API key', field.has_api_key ? 'Saved; empty keeps it' : 'Never shown again', {
                type: 'password',
                autoComplete: 'off',
              })}
              {text('concurrency', 'Concurrency', 'Calls at once', {
                inputMode: 'numeric',
                sx: { width: { md: 120 } },
              })}
              <Stack direction="row">
                <IconButton
                  aria-label={`Move fallback ${index + 1} up`}
                  onClick={() => move(index, index - 1)}
                  disabled={busy || index === 0}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton aria-label={`Remove fallback ${index + 1}`} onClick={() => remove(index)} disabled={busy}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            </Stack>
          );
        })}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          onClick={() =>
            append({
              id: '',
              provider: 'anthropic',
              model: '',
              base_url: '',
              api_key: '',
              has_api_key: false,
              concurrency: '4',
            })
          }
          disabled={busy}
        >
          Add fallback
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          Save fallbacks
        </Button>
      </Stack>
    </form>
  );
}
