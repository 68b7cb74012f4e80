import { type ChangePasswordForm, changePasswordFormSchema, PASSWORD_MIN_LENGTH } from '@abp/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { isApiError } from '../../../lib/api-client';
import { fieldsNamed } from '../../../lib/forms/field-problems';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useChangePassword } from '../api/change-password';
import { LOGIN_TEXT } from '../lib/login-messages';
import { PasswordField } from './password-field';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useChangePassword();
  const { register, reset, formState, submitWith, showServerProblems } = useContractForm<
    ChangePasswordForm,
    ChangePasswordForm
  >({
    defaultValues: EMPTY,
    schema: changePasswordFormSchema,
    toBody: (values) => values,
    // The server names only these two; the confirmation is the form's own field.
    fieldOf: fieldsNamed<ChangePasswordForm>(['currentPassword', 'newPassword', 'confirmPassword']),
    unsavedWarning: open,
  });
  const { ref: currentRef, ...currentField } = register('currentPassword');
  const { ref: newRef, ...newField } = register('newPassword');
  const { ref: confirmRef, ...confirmField } = register('confirmPassword');
  const { errors } = formState;

  const close = () => {
    reset(EMPTY);
    mutation.reset();
    onClose();
  };

  const onSubmit = submitWith(async ({ currentPassword, newPassword }) => {
    try {
      const result = await mutation.mutateAsync({ currentPassword, newPassword });
      if (result.success) {
        enqueueSnackbar('Password changed successfully', { variant: 'success' });
        close();
      } else {
        enqueueSnackbar(result.message, { variant: 'info' });
      }
    } catch (error) {
      if (isApiError(error) && error.isNetworkError) {
        enqueueSnackbar(LOGIN_TEXT.toastNetwork, { variant: 'error' });
        return;
      }
      showServerProblems(error);
      const text = isApiError(error) && error.message ? error.message : 'Password change failed';
      enqueueSnackbar(text, { variant: 'error' });
    }
  });

  return (
    <Dialog open={open} onClose={mutation.isPending ? undefined : close} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle>Change password</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <PasswordField
              {...currentField}
              inputRef={currentRef}
              label="Current password"
              autoComplete="current-password"
              autoFocus
              fullWidth
              error={Boolean(errors.currentPassword)}
              helperText={errors.currentPassword?.message}
            />
            <PasswordField
              {...newField}
              inputRef={newRef}
              label="New password"
              autoComplete="new-password"
              fullWidth
              error={Boolean(errors.newPassword)}
              helperText={errors.newPassword?.message ?? `At least ${PASSWORD_MIN_LENGTH} characters`}
            />
            <PasswordField
              {...confirmField}
              inputRef={confirmRef}
              label="Confirm new password"
              autoComplete="new-password"
              fullWidth
              error={Boolean(errors.confirmPassword)}
              helperText={errors.confirmPassword?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {mutation.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
