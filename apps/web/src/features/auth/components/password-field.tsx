import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref, useId, useState } from 'react';

interface PasswordFieldProps {
  name: string;
  label: string;
  /** Given by a controlled form; a form library registering the field leaves it out. */
  value?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
}

/**
 * A password input with a show/hide toggle; used by the login form and the change dialog.
 * Built from TextField's parts rather than TextField: TextField also imports Select, and with it
 * Menu, Popover and Modal, which would more than double the MUI code of the login screen.
 */
export function PasswordField({ label, helperText, error, fullWidth, inputRef, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        inputRef={inputRef}
        label={label}
        type={visible ? 'text' : 'password'}
        aria-describedby={helperId}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={visible ? 'Hide password' : 'Show password'}
              onClick={() => {
                setVisible((shown) => !shown);
              }}
              // Keep focus in the field while toggling.
              onMouseDown={(event) => {
                event.preventDefault();
              }}
              edge="end"
            >
              {visible ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
