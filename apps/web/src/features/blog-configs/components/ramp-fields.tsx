import { type BlogConfig, effectiveDailyCap, RAMP_LIMITS } from '@abp/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { countOf } from '../../../lib/plural';
import type { ConfigFormValues } from '../lib/config-form';

interface RampFieldsProps {
  control: Control<ConfigFormValues>;
  register: UseFormRegister<ConfigFormValues>;
  errors: FieldErrors<ConfigFormValues>;
  /** The configuration edited (its ramp's first day), or null for a new one. */
  config: BlogConfig | null;
}

/** The cap today with the form's values: a ramp kept keeps its first day; a new one starts today. */
export function capToday(
  values: Pick<ConfigFormValues, 'ramp_on' | 'ramp_start_per_day' | 'ramp_weeks' | 'max_posts_per_day'>,
  config: BlogConfig | null,
  now = new Date(),
): number | null {
  const { ramp_on, ramp_start_per_day, ramp_weeks, max_posts_per_day } = values;
  if (!Number.isFinite(max_posts_per_day)) return null;
  if (!ramp_on) return max_posts_per_day;
  if (!Number.isFinite(ramp_start_per_day) || !Number.isFinite(ramp_weeks)) return null;
  const startedAt = config?.ramp?.started_at ?? now.toISOString();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return effectiveDailyCap(
    max_posts_per_day,
    { start_per_day: ramp_start_per_day, weeks: ramp_weeks, started_at: startedAt },
    today,
  );
}

/** A new site's ramp-up (issue #33): a starting pace that grows to Max Posts/Day over weeks, and today's cap. */
export function RampFields({ control, register, errors, config }: RampFieldsProps) {
  const [on, start, weeks, max] = useWatch({
    control,
    name: ['ramp_on', 'ramp_start_per_day', 'ramp_weeks', 'max_posts_per_day'],
  });
  const cap = capToday({ ramp_on: on, ramp_start_per_day: start, ramp_weeks: weeks, max_posts_per_day: max }, config);
  const number = (
    name: 'ramp_start_per_day' | 'ramp_weeks',
    label: string,
    min: number,
    maxValue: number,
    hint: string,
  ) => {
    const { ref, ...rest } = register(name, { valueAsNumber: true });
    return (
      <TextField
        {...rest}
        inputRef={ref}
        type="number"
        label={label}
        fullWidth
        error={Boolean(errors[name])}
        helperText={errors[name]?.message ?? hint}
        slotProps={{ htmlInput: { min, max: maxValue, step: 1 } }}
      />
    );
  };
  return (
    <Box>
      <Controller
        name="ramp_on"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />}
            label="Ramp up a new site: start slower and grow to the daily cap over weeks"
          />
        )}
      />
      {on && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}>
          {number(
            'ramp_start_per_day',
            'Starting pace (posts/day)',
            RAMP_LIMITS.startPerDay.min,
            RAMP_LIMITS.startPerDay.max,
            'Below Max Posts/Day',
          )}
          {number(
            'ramp_weeks',
            'Weeks to reach Max Posts/Day',
            RAMP_LIMITS.weeks.min,
            RAMP_LIMITS.weeks.max,
            `${RAMP_LIMITS.weeks.min}–${RAMP_LIMITS.weeks.max} weeks, growing evenly`,
          )}
        </Box>
      )}
      {cap !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="cap-today">
          {`Today's cap: ${countOf(cap, 'post')}`}
          {on && Number.isFinite(max) && cap < max ? `, growing to ${max} a day` : ''}
        </Typography>
      )}
    </Box>
  );
}
