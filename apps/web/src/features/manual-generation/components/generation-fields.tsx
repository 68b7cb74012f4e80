import type { PublishStatus, Site } from '@abp/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
}

/** Every site, the inactive ones shown but not selectable. */
export function SiteSelect({ sites, value, onChange, disabled }: FieldProps<number | ''> & { sites: readonly Site[] }) {
  return (
    <TextField
      select
      fullWidth
      required
      label="Site"
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      disabled={disabled}
    >
      {sites.map((s) => (
        <MenuItem key={s.id} value={s.id} disabled={!s.is_active}>
          {s.name}
          {s.is_active ? '' : ' (inactive)'}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function TaskTypeSelect({
  options,
  value,
  onChange,
  disabled,
}: FieldProps<string> & { options: readonly string[] }) {
  return (
    <TextField
      select
      fullWidth
      label="Task Type"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
    >
      {options.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function PublishStatusSelect({ value, onChange, disabled }: FieldProps<PublishStatus>) {
  return (
    <TextField
      select
      fullWidth
      label="Status"
      value={value}
      onChange={(e) => onChange(e.target.value as PublishStatus)}
      disabled={disabled}
    >
      <MenuItem value="draft">Draft</MenuItem>
      <MenuItem value="publish">Publish</MenuItem>
    </TextField>
  );
}
