import {
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationSettingsUpdateInput,
  type NotificationTestResult,
  notificationSettingsUpdateSchema,
  SMTP_SECURITY,
  SMTP_SECURITY_LABELS,
} from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { formatDateTime } from '../../../lib/dates';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useSaveNotificationSettings } from '../api/notification-settings';
import { useSendTestNotification } from '../api/send-test-notification';
import {
  type NotificationFormField,
  type NotificationFormValues,
  notificationFieldOf,
  toNotificationFormValues,
  toNotificationUpdateBody,
} from '../lib/notification-form';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');
const CHANNEL_NAMES: Record<NotificationChannel, string> = { webhook: 'Webhook', email: 'E-mail' };

export function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveNotificationSettings();
  const sendTest = useSendTestNotification();
  const [outcomes, setOutcomes] = useState<Partial<Record<NotificationChannel, NotificationTestResult>>>({});
  const { register, control, formState, submitWith, showServerProblems } = useContractForm<
    NotificationFormValues,
    NotificationSettingsUpdateInput
  >({
    defaultValues: toNotificationFormValues(settings),
    schema: notificationSettingsUpdateSchema,
    toBody: toNotificationUpdateBody,
    fieldOf: notificationFieldOf,
  });
  const { errors, isDirty } = formState;
  const busy = save.isPending;

  const submit = submitWith(async (_parsed, values) => {
    try {
      await save.mutateAsync(toNotificationUpdateBody(values));
      enqueueSnackbar('Notification settings saved', { variant: 'success' });
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(`Failed to save notification settings: ${reason(error)}`, { variant: 'error' });
    }
  });

  const test = async (channel: NotificationChannel) => {
    try {
      const result = await sendTest.mutateAsync(channel);
      setOutcomes((current) => ({ ...current, [channel]: result }));
    } catch (error) {
      setOutcomes((current) => ({ ...current, [channel]: { channel, ok: false, message: reason(error) } }));
    }
  };

  const fieldProps = (field: NotificationFormField, helper: string) => {
    const { ref, ...rest } = register(field);
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(errors[field]),
      helperText: errors[field]?.message ?? helper,
      disabled: busy,
    };
  };

  const testButton = (channel: NotificationChannel, configured: boolean) => {
    const outcome = outcomes[channel];
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          onClick={() => void test(channel)}
          disabled={!configured || isDirty || sendTest.isPending}
        >
          {`Send test ${channel === 'webhook' ? 'webhook' : 'e-mail'}`}
        </Button>
        {(!configured || isDirty) && (
          <Typography variant="caption" color="text.secondary">
            {isDirty ? 'Save first: a test uses the saved settings.' : 'Save this channel first to send a test.'}
          </Typography>
        )}
        {outcome && (
          <Alert severity={outcome.ok ? 'success' : 'error'} role="status" sx={{ width: '100%' }}>
            {outcome.message}
          </Alert>
        )}
      </Stack>
    );
  };

  const failure = settings.last_failure;
  const emailConfigured = Boolean(settings.smtp_host && settings.smtp_from && settings.smtp_to.length > 0);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Notification settings">
      {failure && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {`Last send that failed (${CHANNEL_NAMES[failure.channel]}, ${failure.kind === 'test' ? 'a test' : failure.kind.replaceAll('_', ' ')}, ${formatDateTime(failure.at)}): ${failure.error}${failure.gave_up ? ' It was not tried again.' : ' It will be tried again.'}`}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={12}>
          <Typography variant="subtitle2" component="h3">
            Webhook
          </Typography>
        </Grid>
        <Grid size={12}>
          <TextField
            fullWidth
            label="Webhook URL"
            placeholder="https://hooks.slack.com/services/…"
            {...fieldProps(
              'webhook_url',
              'Receives JSON with "text" (Slack) and "content" (Discord) plus the event\'s fields. Empty: no webhook.',
            )}
          />
        </Grid>
        <Grid size={12}>{testButton('webhook', Boolean(settings.webhook_url))}</Grid>
        <Grid size={12}>
          <Typography variant="subtitle2" component="h3">
            E-mail (SMTP)
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth label="SMTP host" {...fieldProps('smtp_host', 'Empty: no e-mail')} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField fullWidth type="number" label="Port" {...fieldProps('smtp_port', 'Empty: 587, 465 or 25')} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Controller
            control={control}
            name="smtp_security"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label="Security"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={busy}
                error={Boolean(errors.smtp_security)}
                helperText={errors.smtp_security?.message}
              >
                {SMTP_SECURITY.map((security) => (
                  <MenuItem key={security} value={security}>
                    {SMTP_SECURITY_LABELS[security]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth label="SMTP user" autoComplete="off" {...fieldProps('smtp_user', 'Empty: no login')} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            type="password"
            label="SMTP password"
            autoComplete="new-password"
            {...fieldProps(
              'smtp_password',
              settings.has_smtp_password
                ? 'A password is stored; empty keeps it'
                : 'Stored encrypted, never shown again',
            )}
          />
          {settings.has_smtp_password && (
            <FormControlLabel
              control={<Checkbox {...register('clear_smtp_password')} disabled={busy} />}
              label="Forget the stored password"
            />
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth label="From" {...fieldProps('smtp_from', 'The sender address')} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth label="To" {...fieldProps('smtp_to', 'Recipients, separated by commas')} />
        </Grid>
        <Grid size={12}>{testButton('email', emailConfigured)}</Grid>
        <Grid size={12}>
          <FormLabel component="legend">Notify about</FormLabel>
          <FormGroup>
            {NOTIFICATION_EVENTS.map((event) => (
              <Controller
                key={event}
                control={control}
                name={`events.${event}`}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(_e, checked) => field.onChange(checked)}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        disabled={busy}
                      />
                    }
                    label={NOTIFICATION_EVENT_LABELS[event]}
                  />
                )}
              />
            ))}
          </FormGroup>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            fullWidth
            type="number"
            label="Review wait (hours)"
            {...fieldProps('review_wait_hours', 'An article waiting longer than this is notified')}
          />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </Grid>
      </Grid>
    </form>
  );
}
