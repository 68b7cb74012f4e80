import { findPersona, NEUTRAL_PERSONA_LABEL, PERSONAS } from '@abp/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';

interface PersonaOption {
  value: string;
  label: string;
  description: string;
}

interface PersonaInputProps {
  value: string;
  onChange: (value: string) => void;
  /** The chosen site's persona from its blog configuration, offered first. */
  suggested?: string | null;
  disabled?: boolean;
}

const KNOWN: PersonaOption[] = PERSONAS.map(({ value, label, description }) => ({ value, label, description }));

function helperFor(value: string): string {
  const text = value.trim();
  if (!text) return `Empty: ${NEUTRAL_PERSONA_LABEL}`;
  const known = findPersona(text);
  return known ? known.description : 'A custom voice, described in your own words';
}

/** Free text with the nine personas (and the site's configured one) as suggestions. */
export function PersonaInput({ value, onChange, suggested, disabled }: PersonaInputProps) {
  const extra =
    suggested?.trim() && !findPersona(suggested)
      ? [{ value: suggested.trim(), label: suggested.trim(), description: "From this site's blog configuration" }]
      : [];
  const options = [...extra, ...KNOWN];
  return (
    <Autocomplete<PersonaOption, false, false, true>
      freeSolo
      options={options}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      // A known persona reads as its name ("Emily — The Friendly Educator", not "emily"); the form sends its value.
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      disabled={disabled}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        const fromConfig = !!suggested?.trim() && findPersona(suggested)?.value === option.value;
        return (
          <li key={key} {...rest}>
            <ListItemText
              primary={option.label}
              secondary={
                fromConfig && extra.length === 0
                  ? `${option.description} (from this site's blog configuration)`
                  : option.description
              }
            />
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label="Content Persona" helperText={helperFor(value)} />}
    />
  );
}
