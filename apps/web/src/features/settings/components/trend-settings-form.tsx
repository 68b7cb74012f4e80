import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldProblemSchema, type TrendSettings } from '@abp/contracts';
import { isApiError } from '../../../lib/api-client';
import { useResetTrendSettings, useSaveTrendSettings } from '../api/trend-settings';
import { toTrendFormValues, toTrendUpdateBody, trendFieldOf, validateTrendForm, type TrendFormField, type TrendFormValues } from '../lib/trend-form';

const problemsSchema = fieldProblemSchema.array();
const reason = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

export function TrendSettingsForm({ settings }: { settings: TrendSettings }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveTrendSettings();
  const reset = useResetTrendSettings();
  const [values, setValues] = useState<TrendFormValues>(() => toTrendFormValues(settings));
  const [problems, setProblems] = useState<Partial<Record<TrendFormField, string>>>({});
  const busy = save.isPending || reset.isPending;

  const set = (field: TrendFormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = toTrendUpdateBody(values);
    const found = validateTrendForm(body);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(body);
      enqueueSnackbar('Trend settings saved', { variant: 'success' });
    } catch (error) {
      const details = isApiError(error) ? problemsSchema.safeParse(error.details) : null;
      if (details?.success) {
        const mapped: Partial<Record<TrendFormField, string>> = {};
        for (const { field, message } of details.data) {
          const target = trendFieldOf(field);
          if (target) mapped[target] = message;
        }
        setProblems(mapped);
      }
      enqueueSnackbar(`Failed to save trend settings: ${reason(error)}`, { variant: 'error' });
    }
  };

  const resetToEnvironment = async () => {
    try {
      await reset.mutateAsync();
      enqueueSnackbar('Trend settings reset to the environment', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(`Failed to reset trend settings: ${reason(error)}`, { variant: 'error' });
    }
  };

  const fromEnv = (field: keyof TrendSettings['sources']) => settings.sources[field] === 'environment';
  const fieldProps = (field: TrendFormField, helper: string) => ({ error: Boolean(problems[field]), helperText: problems[field] ?? helper, disabled: busy });
  const intervalText = settings.interval_hours === 0 ? 'off' : `every ${settings.interval_hours} h`;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Trend settings">
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Feeds"
            value={values.feeds}
            onChange={(e) => set('feeds', e.target.value)}
            placeholder={fromEnv('feeds') ? settings.feeds.join('\n') : ''}
            {...fieldProps('feeds', 'One RSS or Atom feed URL per line (Google Trends feeds included). Empty: TREND_FEEDS, or Google Trends for the country.')}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField fullWidth label="Country" value={values.geo} onChange={(e) => set('geo', e.target.value)} placeholder={settings.geo} slotProps={{ htmlInput: { maxLength: 2 } }} {...fieldProps('geo', 'Of the Google Trends feed, e.g. US, GB, DE')} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField fullWidth type="number" label="Check interval (hours)" value={values.interval_hours} onChange={(e) => set('interval_hours', e.target.value)} placeholder={String(settings.interval_hours)} {...fieldProps('interval_hours', '0 turns scheduled checks off')} />
        </Grid>
        <Grid size={12}>
          <Typography variant="body2" color="text.secondary">
            {`Reading now (${fromEnv('feeds') ? 'from the environment' : 'saved in the app'}): ${settings.feeds.join(', ')}. Scheduled checks: ${intervalText}.`}
          </Typography>
        </Grid>
        <Grid size={12}>
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy}>
              Save
            </Button>
            {settings.saved_at && (
              <Button color="inherit" onClick={() => void resetToEnvironment()} disabled={busy}>
                Reset to environment
              </Button>
            )}
          </Stack>
        </Grid>
      </Grid>
    </form>
  );
}
