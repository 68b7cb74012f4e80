import {
  PUBLISH_DELAY_HOURS,
  PUBLISH_POLICY_LABELS,
  PUBLISH_POLICY_MODES,
  PUBLISH_POLICY_TEXT,
  type PublishPolicyMode,
} from '@abp/contracts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/** A policy as the forms hold it (issue #33); null: the site's default (configurations and bulk jobs only). */
export interface PublishPolicyFormValue {
  mode: PublishPolicyMode;
  delay_hours?: number | null;
}

interface PublishPolicyFieldProps {
  value: PublishPolicyFormValue | null;
  onChange: (value: PublishPolicyFormValue | null) => void;
  /** Offers "Site default" (null) as the empty choice: a blog configuration's and a bulk job's field. */
  allowSiteDefault?: boolean;
  /** The server's or the schema's words for the field, shown under it. */
  error?: string | undefined;
  delayError?: string | undefined;
  helperText?: string;
  disabled?: boolean;
  /** Distinguishes the field's id when two forms are on one page. */
  idPrefix?: string;
}

const SITE_DEFAULT = '';

/** The publishing policy's choice (the labels of PUBLISH_POLICY_LABELS) and, for a delay, its hours. */
export function PublishPolicyField({
  value,
  onChange,
  allowSiteDefault = false,
  error,
  delayError,
  helperText,
  disabled,
  idPrefix = 'publish-policy',
}: PublishPolicyFieldProps) {
  const mode = value?.mode ?? SITE_DEFAULT;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        id={`${idPrefix}-mode`}
        label={PUBLISH_POLICY_TEXT.policyLabel}
        value={mode}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error ?? helperText}
        onChange={(event) => {
          const next = event.target.value as PublishPolicyMode | typeof SITE_DEFAULT;
          if (next === SITE_DEFAULT) onChange(null);
          else
            onChange({
              mode: next,
              delay_hours: next === 'delay' ? (value?.delay_hours ?? PUBLISH_DELAY_HOURS.default) : null,
            });
        }}
        sx={{ flex: 2 }}
      >
        {allowSiteDefault && <MenuItem value={SITE_DEFAULT}>{PUBLISH_POLICY_TEXT.siteDefault}</MenuItem>}
        {PUBLISH_POLICY_MODES.map((option) => (
          <MenuItem key={option} value={option}>
            {PUBLISH_POLICY_LABELS[option]}
          </MenuItem>
        ))}
      </TextField>
      {value?.mode === 'delay' && (
        <TextField
          id={`${idPrefix}-hours`}
          label={PUBLISH_POLICY_TEXT.delayHoursLabel}
          type="number"
          value={value.delay_hours ?? ''}
          disabled={disabled}
          slotProps={{ htmlInput: { min: PUBLISH_DELAY_HOURS.min, max: PUBLISH_DELAY_HOURS.max, step: 1 } }}
          error={Boolean(delayError)}
          helperText={delayError ?? `${PUBLISH_DELAY_HOURS.min}–${PUBLISH_DELAY_HOURS.max} hours`}
          onChange={(event) =>
            onChange({
              mode: 'delay',
              delay_hours: event.target.value === '' ? null : Number(event.target.value),
            })
          }
          sx={{ flex: 1 }}
        />
      )}
    </Stack>
  );
}
