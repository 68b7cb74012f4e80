import { type TrendSettings, type TrendSettingsUpdateInput, trendSettingsUpdateSchema } from '@abp/contracts';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useWatch } from 'react-hook-form';
import { DemoLiveWarning } from '../../../components/demo-live-warning';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useResetTrendSettings, useSaveTrendSettings } from '../api/trend-settings';
import {
  type TrendFormField,
  type TrendFormValues,
  toTrendFormValues,
  toTrendUpdateBody,
  trendFieldOf,
} from '../lib/trend-form';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

export function TrendSettingsForm({ settings }: { settings: TrendSettings }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveTrendSettings();
  const reset = useResetTrendSettings();
  const { register, control, formState, submitWith, showServerProblems } = useContractForm<
    TrendFormValues,
    TrendSettingsUpdateInput
  >({
    defaultValues: toTrendFormValues(settings),
    schema: trendSettingsUpdateSchema,
    toBody: toTrendUpdateBody,
    fieldOf: trendFieldOf,
  });
  const { errors } = formState;
  const busy = save.isPending || reset.isPending;

  const submit = submitWith(async (_parsed, values) => {
    try {
      // What the operator typed (the server applies the contract's normalising itself).
      await save.mutateAsync(toTrendUpdateBody(values));
      enqueueSnackbar('Trend settings saved', { variant: 'success' });
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(`Failed to save trend settings: ${reason(error)}`, { variant: 'error' });
    }
  });

  const resetToEnvironment = async () => {
    try {
      await reset.mutateAsync();
      enqueueSnackbar('Trend settings reset to the environment', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(`Failed to reset trend settings: ${reason(error)}`, { variant: 'error' });
    }
  };

  const fromEnv = (field: keyof TrendSettings['sources']) => settings.sources[field] === 'environment';
  const fieldProps = (field: TrendFormField, helper: string) => {
    const { ref, ...rest } = register(field);
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(errors[field]),
      helperText: errors[field]?.message ?? helper,
      disabled: busy,
    };
  };
  // Scheduled checks (the interval typed, else the one in use) write and publish without anyone asking.
  const typedInterval = useWatch({ control, name: 'interval_hours' }).trim();
  const scheduled = (typedInterval === '' ? settings.interval_hours : Number(typedInterval)) > 0;
  const intervalText = settings.interval_hours === 0 ? 'off' : `every ${settings.interval_hours} h`;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Trend settings">
      <DemoLiveWarning
        live={scheduled && settings.live_sites.length > 0}
        what={`Trend articles for ${settings.live_sites.join(', ')}`}
      />
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Feeds"
            placeholder={fromEnv('feeds') ? settings.feeds.join('\n') : ''}
            {...fieldProps(
              'feeds',
              'One RSS or Atom feed URL per line (Google Trends feeds included). Empty: TREND_FEEDS, or Google Trends for the country.',
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            fullWidth
            label="Country"
            placeholder={settings.geo}
            slotProps={{ htmlInput: { maxLength: 2 } }}
            {...fieldProps('geo', 'Of the Google Trends feed, e.g. US, GB, DE')}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            fullWidth
            type="number"
            label="Check interval (hours)"
            placeholder={String(settings.interval_hours)}
            {...fieldProps('interval_hours', '0 turns scheduled checks off')}
          />
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
