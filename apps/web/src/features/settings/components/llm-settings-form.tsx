import {
  LLM_PROVIDER_LABELS,
  LLM_PROVIDERS,
  type LlmProbeResult,
  type LlmSettings,
  type LlmSettingsUpdateInput,
  llmSettingsUpdateSchema,
} from '@abp/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useResetLlmSettings } from '../api/reset-llm-settings';
import { useSaveLlmSettings } from '../api/save-llm-settings';
import { useTestLlmProvider } from '../api/test-llm-provider';
import { fieldOf, type LlmFormField, type LlmFormValues, toFormValues, toUpdateBody } from '../lib/llm-form';
import { ProbeResult } from './probe-result';

const sourceText = (source: 'saved' | 'environment' | null) =>
  source === 'saved' ? 'Saved in the app' : 'From the environment';

export function LlmSettingsForm({ settings }: { settings: LlmSettings }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveLlmSettings();
  const reset = useResetLlmSettings();
  const probe = useTestLlmProvider();
  const { register, control, setValue, clearErrors, formState, submitWith, showServerProblems } = useContractForm<
    LlmFormValues,
    LlmSettingsUpdateInput
  >({
    defaultValues: toFormValues(settings),
    schema: llmSettingsUpdateSchema,
    toBody: (values) => toUpdateBody(values, settings),
    fieldOf,
  });
  const { errors } = formState;
  const [provider, clearKey] = useWatch({ control, name: ['provider', 'clear_api_key'] });
  const [probeResult, setProbeResult] = useState<LlmProbeResult | null>(null);

  // Another provider does not inherit the model and address of the one configured before.
  const chooseProvider = (next: LlmFormValues['provider']) => {
    const loaded = toFormValues(settings);
    setValue('provider', next);
    setValue('model', next === settings.provider ? loaded.model : '');
    setValue('base_url', next === settings.provider ? loaded.base_url : '');
    if (next !== settings.provider) setValue('clear_api_key', false);
    clearErrors();
    setProbeResult(null);
  };

  // What is sent is the body the values make (toUpdateBody), as checked by the contract's schema.
  const submit = submitWith(async (_parsed, values) => {
    try {
      await save.mutateAsync(toUpdateBody(values, settings));
      enqueueSnackbar('Settings saved', { variant: 'success' });
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(`Failed to save settings: ${error instanceof Error ? error.message : 'Unknown error'}`, {
        variant: 'error',
      });
    }
  });
  const test = submitWith(async (_parsed, values) => {
    setProbeResult(null);
    try {
      setProbeResult(await probe.mutateAsync(toUpdateBody(values, settings)));
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(`Provider test failed: ${error instanceof Error ? error.message : 'Unknown error'}`, {
        variant: 'error',
      });
    }
  });
  const resetToEnvironment = async () => {
    try {
      await reset.mutateAsync();
      enqueueSnackbar('Settings reset to the environment', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(`Failed to reset settings: ${error instanceof Error ? error.message : 'Unknown error'}`, {
        variant: 'error',
      });
    }
  };

  const remote = provider !== 'offline';
  const sameProvider = provider === settings.provider;
  const keyStored = sameProvider && settings.has_api_key;
  const busy = save.isPending || reset.isPending;
  const fieldProps = (field: LlmFormField, helper: string) => ({
    error: Boolean(errors[field]),
    helperText: errors[field]?.message ?? helper,
    disabled: busy,
  });
  const text = (field: 'model' | 'base_url' | 'api_key' | 'timeout_ms' | 'concurrency') => {
    const { ref, ...rest } = register(field);
    return { ...rest, inputRef: ref };
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Language model settings">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            select
            fullWidth
            label="Provider"
            value={provider}
            onChange={(e) => chooseProvider(e.target.value as LlmFormValues['provider'])}
            {...fieldProps('provider', sourceText(settings.sources.provider))}
          >
            {LLM_PROVIDERS.map((provider) => (
              <MenuItem key={provider} value={provider}>
                {LLM_PROVIDER_LABELS[provider]}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {remote ? (
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                fullWidth
                label="Model"
                {...text('model')}
                placeholder={sameProvider ? settings.effective_model : "The provider's default"}
                {...fieldProps('model', "Empty: the provider's default model")}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                fullWidth
                label="Base URL"
                {...text('base_url')}
                required={provider === 'openai-compatible'}
                placeholder={
                  provider === 'openai-compatible' ? 'http://localhost:11434/v1' : "Empty: the provider's own address"
                }
                {...fieldProps(
                  'base_url',
                  provider === 'openai-compatible'
                    ? 'The server’s OpenAI-compatible address, ending in /v1'
                    : 'Only for a proxy or gateway',
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  fullWidth
                  type="password"
                  label="API key"
                  autoComplete="new-password"
                  {...text('api_key')}
                  placeholder={
                    keyStored
                      ? 'Leave blank to keep the stored key (enter it again for a server at another address)'
                      : ''
                  }
                  {...fieldProps(
                    'api_key',
                    keyStored
                      ? `${sourceText(settings.sources.api_key)}; never shown again`
                      : 'Stored encrypted; never shown again',
                  )}
                />
                {keyStored && (
                  <Chip
                    label={settings.sources.api_key === 'saved' ? 'stored' : 'from environment'}
                    color="success"
                    size="small"
                    sx={{ mt: 2 }}
                  />
                )}
              </Stack>
              {keyStored && settings.sources.api_key === 'saved' && (
                <FormControlLabel
                  control={
                    <Checkbox checked={clearKey} onChange={(e) => setValue('clear_api_key', e.target.checked)} />
                  }
                  label="Remove the stored key"
                  disabled={busy}
                />
              )}
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField
                fullWidth
                type="number"
                label="Timeout (ms)"
                {...text('timeout_ms')}
                {...fieldProps('timeout_ms', `Per model call. ${sourceText(settings.sources.timeout_ms)}`)}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField
                fullWidth
                type="number"
                label="Concurrency"
                {...text('concurrency')}
                {...fieldProps('concurrency', `Calls at once. ${sourceText(settings.sources.concurrency)}`)}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="stream"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                    label="Stream answers (some local servers prefer it)"
                    disabled={busy}
                  />
                )}
              />
            </Grid>
          </>
        ) : (
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
              The offline writer needs no network or key. It writes structured, topic-specific articles so every screen
              works; choose a provider for articles written by a model.
            </Typography>
          </Grid>
        )}
        <Grid size={12}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button type="submit" variant="contained" disabled={busy}>
              Save
            </Button>
            <Button variant="outlined" onClick={(event) => void test(event)} disabled={busy || probe.isPending}>
              {probe.isPending ? 'Testing…' : 'Test provider'}
            </Button>
            {settings.saved_at && (
              <Button color="inherit" onClick={() => void resetToEnvironment()} disabled={busy}>
                Reset to environment
              </Button>
            )}
          </Stack>
        </Grid>
      </Grid>
      {probeResult && <ProbeResult result={probeResult} />}
    </form>
  );
}
