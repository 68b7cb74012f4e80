import { findPersona, NEUTRAL_PERSONA_LABEL, PERSONAS } from '@abp/contracts';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface PersonaFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** What the persona is used for on this form (sites and blog configurations differ). */
  helperText: string;
}

const noneLabel = `None (${NEUTRAL_PERSONA_LABEL})`;

/** None (Neutral Voice) or one of the nine personas; a free-text persona saved earlier stays selectable. */
export function PersonaField({ value, onChange, error, helperText }: PersonaFieldProps) {
  const custom = value.trim() !== '' && !findPersona(value) ? value : null;
  return (
    <TextField
      select
      fullWidth
      label="Content Persona"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        select: {
          renderValue: (v) => (v ? (findPersona(String(v))?.label ?? String(v)) : noneLabel),
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">
        <ListItemText primary={noneLabel} />
      </MenuItem>
      {PERSONAS.map((persona) => (
        <MenuItem key={persona.value} value={persona.value}>
          <ListItemText primary={persona.label} secondary={persona.description} />
        </MenuItem>
      ))}
      {custom && (
        <MenuItem value={custom}>
          <ListItemText primary={custom} secondary="Custom persona" />
        </MenuItem>
      )}
    </TextField>
  );
}
