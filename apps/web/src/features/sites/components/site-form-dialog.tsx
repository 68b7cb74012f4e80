import {
  APPLICATION_PASSWORD_NAME,
  PUBLISH_POLICY_TEXT,
  type Site,
  type SiteSaveResponse,
  siteCreateSchema,
  siteUpdateSchema,
} from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { PersonaField } from '../../../components/persona-field';
import { PublishPolicyField } from '../../../components/publish-policy-field';
import { isApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useCreateSite } from '../api/create-site';
import { useUpdateSite } from '../api/update-site';
import {
  EMPTY_SITE_FORM,
  formFieldOf,
  requiredFieldsFilled,
  type SiteFormValues,
  siteFormBody,
  siteToForm,
} from '../lib/site-form';

interface SiteFormDialogProps {
  open: boolean;
  /** The site to edit; null adds a new one. */
  site: Site | null;
  onClose: () => void;
}

export function SiteFormDialog({ open, site, onClose }: SiteFormDialogProps) {
  const editing = site !== null;
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateSite();
  const update = useUpdateSite();
  const pending = create.isPending || update.isPending;
  const { register, control, reset, formState, submitWith, showServerProblems } = useContractForm<
    SiteFormValues,
    unknown
  >({
    defaultValues: EMPTY_SITE_FORM,
    schema: editing ? siteUpdateSchema : siteCreateSchema,
    toBody: (values) => values,
    fieldOf: formFieldOf,
    unsavedWarning: open,
  });
  const { errors } = formState;

  useEffect(() => {
    if (open) reset(site ? siteToForm(site) : EMPTY_SITE_FORM);
  }, [open, site, reset]);

  const [name, url, username, password] = useWatch({ control, name: ['name', 'url', 'username', 'password'] });
  const canSave = requiredFieldsFilled({ name, url, username, password }, editing) && !pending;

  const onSubmit = submitWith(async (_body, values, { idempotencyKey }) => {
    let saved: SiteSaveResponse;
    try {
      const body = siteFormBody(values, site);
      saved = site
        ? await update.mutateAsync({ id: site.id, body })
        : await create.mutateAsync({ body, idempotencyKey });
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(isApiError(error) && error.message ? error.message : 'Failed to save site', { variant: 'error' });
      return;
    }
    // A save WordPress did not accept (unreachable, wrong password) is not reported as a success.
    if (saved.warning) enqueueSnackbar(saved.warning, { variant: 'warning' });
    else enqueueSnackbar(editing ? 'Site updated successfully' : 'Site added successfully', { variant: 'success' });
    onClose();
  });

  const field = (key: 'name' | 'url' | 'username') => {
    const { ref, ...rest } = register(key);
    return { ...rest, inputRef: ref, error: Boolean(errors[key]), fullWidth: true };
  };
  const passwordField = register('password');

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle>{editing ? 'Edit WordPress Site' : 'Add WordPress Site'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField {...field('name')} label="Site Name" required autoFocus helperText={errors.name?.message} />
            <TextField
              {...field('url')}
              label="WordPress URL"
              required
              type="url"
              placeholder="https://example.com"
              helperText={errors.url?.message ?? 'The address of the WordPress site, with http:// or https://'}
            />
            <TextField
              {...field('username')}
              label="Username"
              required
              autoComplete="off"
              helperText={
                errors.username?.message ?? 'Your WordPress login name (not the name of the application password)'
              }
            />
            <TextField
              {...passwordField}
              inputRef={passwordField.ref}
              label="Application Password"
              required={!editing}
              type="password"
              autoComplete="new-password"
              fullWidth
              error={Boolean(errors.password)}
              helperText={
                errors.password?.message ??
                (editing
                  ? 'Leave blank to keep the current password (enter it again when the site moves to another host)'
                  : undefined)
              }
            />
            <Alert severity="info" variant="outlined">
              Create an application password named &quot;{APPLICATION_PASSWORD_NAME}&quot; in your WordPress user
              profile (Users → Profile → Application Passwords) and paste it here.
            </Alert>
            <Controller
              name="content_persona"
              control={control}
              render={({ field: persona }) => (
                <PersonaField
                  value={persona.value}
                  onChange={persona.onChange}
                  error={errors.content_persona?.message}
                  helperText="The voice articles for this site are written in"
                />
              )}
            />
            <Controller
              name="is_active"
              control={control}
              render={({ field: active }) => (
                <FormControlLabel
                  control={<Switch checked={active.value} onChange={(_e, checked) => active.onChange(checked)} />}
                  label="Active"
                />
              )}
            />
            <Controller
              name="publish_policy"
              control={control}
              render={({ field: policy }) => (
                <PublishPolicyField
                  value={policy.value}
                  onChange={(next) => policy.onChange(next ?? { mode: 'auto', delay_hours: null })}
                  error={errors.publish_policy?.message ?? errors.publish_policy?.mode?.message}
                  delayError={errors.publish_policy?.delay_hours?.message}
                  helperText="How this site's finished articles go out, unless a schedule or a job says otherwise"
                />
              )}
            />
            <Controller
              name="send_held_as_draft"
              control={control}
              render={({ field: draft }) => (
                <FormControlLabel
                  control={<Switch checked={draft.value} onChange={(_e, checked) => draft.onChange(checked)} />}
                  label={PUBLISH_POLICY_TEXT.sendHeldAsDraft}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!canSave}>
            {pending ? 'Saving...' : editing ? 'Update Site' : 'Add Site'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
