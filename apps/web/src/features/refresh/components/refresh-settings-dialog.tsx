import {
  REFRESH_WEEKLY_MAX,
  type RefreshSiteSettings,
  type RefreshSiteSettingsBody,
  refreshSiteSettingsBodySchema,
} from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { Controller } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { fieldsNamed } from '../../../lib/forms/field-problems';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useRefreshSettings } from '../api/get-refresh-settings';
import { useSaveRefreshSettings } from '../api/save-refresh-settings';

interface SettingsFormValues {
  weekly_proposals: string;
  auto_apply_dead_links: boolean;
  cooldown_days: string;
}

const FIELDS = ['weekly_proposals', 'auto_apply_dead_links', 'cooldown_days'] as const;

/** Inputs hold text: an empty or non-numeric one becomes NaN, which the contract refuses as "must be a number". */
const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function toBody(values: SettingsFormValues): RefreshSiteSettingsBody {
  return {
    weekly_proposals: asNumber(values.weekly_proposals),
    auto_apply_dead_links: values.auto_apply_dead_links,
    cooldown_days: asNumber(values.cooldown_days),
  };
}

const toValues = (settings: RefreshSiteSettings): SettingsFormValues => ({
  weekly_proposals: String(settings.weekly_proposals),
  auto_apply_dead_links: settings.auto_apply_dead_links,
  cooldown_days: String(settings.cooldown_days),
});

function SettingsForm({
  siteId,
  settings,
  onClose,
}: {
  siteId: number;
  settings: RefreshSiteSettings;
  onClose: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveRefreshSettings();
  const { control, submitWith, showServerProblems, markSaved } = useContractForm<
    SettingsFormValues,
    RefreshSiteSettingsBody
  >({
    defaultValues: toValues(settings),
    schema: refreshSiteSettingsBodySchema,
    toBody,
    fieldOf: fieldsNamed<SettingsFormValues>(FIELDS),
  });

  const submit = submitWith(async (body) => {
    try {
      await save.mutateAsync({ siteId, body });
      markSaved();
      enqueueSnackbar('Refresh settings saved', { variant: 'success' });
      onClose();
    } catch (error) {
      // A 400 names its fields: their messages go under them; the toast says the rest.
      showServerProblems(error);
      enqueueSnackbar(
        `Failed to save the refresh settings: ${error instanceof Error ? error.message : 'Unknown error'}`,
        { variant: 'error' },
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Refresh settings">
      <DialogContent dividers>
        <Stack spacing={2}>
          <FormTextField
            control={control}
            name="weekly_proposals"
            type="number"
            label="Weekly proposals"
            helperText={`Proposals made each week for the site's posts with the highest scores (${REFRESH_WEEKLY_MAX.min}–${REFRESH_WEEKLY_MAX.max}); 0: only when asked.`}
            fullWidth
          />
          <Controller
            control={control}
            name="auto_apply_dead_links"
            render={({ field, fieldState }) => (
              <div>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                    />
                  }
                  label="Apply dead-link fixes automatically"
                />
                <FormHelperText error={Boolean(fieldState.error)}>
                  {fieldState.error?.message ??
                    'A proposal that only fixes dead links is applied without waiting (the same safety rules apply).'}
                </FormHelperText>
              </div>
            )}
          />
          <FormTextField
            control={control}
            name="cooldown_days"
            type="number"
            label="Cooldown (days)"
            helperText="Days after a refresh before the same post is proposed again."
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

/** Per site (issue #36 §2): the weekly proposals, dead-link fixes applied by themselves, and the cooldown. */
export function RefreshSettingsDialog({
  siteId,
  siteName,
  open,
  onClose,
}: {
  siteId: number;
  siteName: string;
  open: boolean;
  onClose: () => void;
}) {
  const settings = useRefreshSettings(siteId, open);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="refresh-settings-title">
      <DialogTitle id="refresh-settings-title" sx={{ overflowWrap: 'anywhere' }}>
        Refresh settings — {siteName}
      </DialogTitle>
      {settings.isPending && (
        <DialogContent>
          <CircularProgress size={24} aria-label="Loading the settings" />
        </DialogContent>
      )}
      {settings.isError && (
        <DialogContent>
          <Alert severity="error">Could not load the settings: {settings.error.message}</Alert>
        </DialogContent>
      )}
      {settings.data && <SettingsForm siteId={siteId} settings={settings.data} onClose={onClose} />}
    </Dialog>
  );
}
