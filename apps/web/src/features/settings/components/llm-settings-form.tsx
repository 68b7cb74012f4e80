import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
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
import { LLM_PROVIDERS, LLM_PROVIDER_LABELS, fieldProblemSchema, type LlmProbeResult, type LlmSettings } from '@abp/contracts';
import { isApiError } from '../../../lib/api-client';
import { useResetLlmSettings } from '../api/reset-llm-settings';
import { useSaveLlmSettings } from '../api/save-llm-settings';
import { useTestLlmProvider } from '../api/test-llm-provider';
import { fieldOf, toFormValues, toUpdateBody, validateForm, type LlmFormField, type LlmFormValues } from '../lib/llm-form';
import { ProbeResult } from './probe-result';

const sourceText = (source: 'saved' | 'environment' | null) => (source === 'saved' ? 'Saved in the app' : 'From the environment');
const problemsSchema = fieldProblemSchema.array();

export function LlmSettingsForm({ settings }: { settings: LlmSettings }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveLlmSettings();
  const reset = useResetLlmSettings();
  const probe = useTestLlmProvider();
  const [values, setValues] = useState<LlmFormValues>(() => toFormValues(settings));
  const [problems, setProblems] = useState<Partial<Record<LlmFormField, string>>>({});
  const [probeResult, setProbeResult] = useState<LlmProbeResult | null>(null);

  const set = <K extends LlmFormField>(field: K, value: LlmFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  // Another provider does not inherit the model and address of the one configured before.
  const chooseProvider = (provider: LlmFormValues['provider']) => {
    const loaded = toFormValues(settings);
    setValues((current) => ({ ...current, provider, ...(provider === settings.provider ? { model: loaded.model, base_url: loaded.base_url } : { model: '', base_url: '', clear_api_key: false }) }));
    setProblems({});
    setProbeResult(null);
  };

  const body = () => toUpdateBody(values, settings);
  const checked = () => {
    const found = validateForm(body());
    setProblems(found);
    return Object.keys(found).length === 0;
  };
  const showServerProblems = (error: unknown) => {
    const details = isApiError(error) ? problemsSchema.safeParse(error.details) : null;
    if (details?.success) {
      const mapped: Partial<Record<LlmFormField, string>> = {};
      for (const { field, message } of details.data) {
        const target = fieldOf(field);
        if (target) mapped[target] = message;
      }
      setProblems(mapped);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked()) return;
    try {
      await save.mutateAsync(body());
      enqueueSnackbar('Settings saved', { variant: 'success' });
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(`Failed to save settings: ${error instanceof Error ? error.message : 'Unknown error'}`, { variant: 'error' });
    }
  };
  const test = async () => {
    if (!checked()) return;
    setProbeResult(null);
    try {
      setProbeResult(await probe.mutateAsync(body()));
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(`Provider test failed: ${error instanceof Error ? error.message : 'Unknown error'}`, { variant: 'error' });
    }
  };
  const resetToEnvironment = async () => {
    try {
      await reset.mutateAsync();
      enqueueSnackbar('Settings reset to the environment', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(`Failed to reset settings: ${error instanceof Error ? error.message : 'Unknown error'}`, { variant: 'error' });
    }
  };

  const remote = values.provider !== 'offline';
  const sameProvider = values.provider === settings.provider;
  const keyStored = sameProvider && settings.has_api_key;
  const busy = save.isPending || reset.isPending;
  const fieldProps = (field: LlmFormField, helper: string) => ({ error: Boolean(problems[field]), helperText: problems[field] ?? helper, disabled: busy });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Language model settings">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField select fullWidth label="Provider" value={values.provider} onChange={(e) => chooseProvider(e.target.value as LlmFormValues['provider'])} {...fieldProps('provider', sourceText(settings.sources.provider))}>
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
              <TextField fullWidth label="Model" value={values.model} onChange={(e) => set('model', e.target.value)} placeholder={sameProvider ? settings.effective_model : "The provider's default"} {...fieldProps('model', "Empty: the provider's default model")} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField
                fullWidth
                label="Base URL"
                value={values.base_url}
                onChange={(e) => set('base_url', e.target.value)}
                required={values.provider === 'openai-compatible'}
                placeholder={values.provider === 'openai-compatible' ? 'http://localhost:11434/v1' : "Empty: the provider's own address"}
                {...fieldProps('base_url', values.provider === 'openai-compatible' ? 'The server’s OpenAI-compatible address, ending in /v1' : 'Only for a proxy or gateway')}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  fullWidth
                  type="password"
                  label="API key"
                  autoComplete="new-password"
                  value={values.api_key}
                  onChange={(e) => set('api_key', e.target.value)}
                  placeholder={keyStored ? 'Leave blank to keep the stored key (enter it again for a server at another address)' : ''}
                  {...fieldProps('api_key', keyStored ? `${sourceText(settings.sources.api_key)}; never shown again` : 'Stored encrypted; never shown again')}
                />
                {keyStored && <Chip label={settings.sources.api_key === 'saved' ? 'stored' : 'from environment'} color="success" size="small" sx={{ mt: 2 }} />}
              </Stack>
              {keyStored && settings.sources.api_key === 'saved' && (
                <FormControlLabel control={<Checkbox checked={values.clear_api_key} onChange={(e) => set('clear_api_key', e.target.checked)} />} label="Remove the stored key" disabled={busy} />
              )}
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField fullWidth type="number" label="Timeout (ms)" value={values.timeout_ms} onChange={(e) => set('timeout_ms', e.target.value)} {...fieldProps('timeout_ms', `Per model call. ${sourceText(settings.sources.timeout_ms)}`)} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField fullWidth type="number" label="Concurrency" value={values.concurrency} onChange={(e) => set('concurrency', e.target.value)} {...fieldProps('concurrency', `Calls at once. ${sourceText(settings.sources.concurrency)}`)} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormControlLabel control={<Switch checked={values.stream} onChange={(e) => set('stream', e.target.checked)} />} label="Stream answers (some local servers prefer it)" disabled={busy} />
            </Grid>
          </>
        ) : (
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
              The offline writer needs no network or key. It writes structured, topic-specific articles so every screen works; choose a
              provider for articles written by a model.
            </Typography>
          </Grid>
        )}
        <Grid size={12}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button type="submit" variant="contained" disabled={busy}>
              Save
            </Button>
            <Button variant="outlined" onClick={() => void test()} disabled={busy || probe.isPending}>
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
