import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';

/** The Word Count field of the Single and Bulk tabs (its own limits and hint on each). */
export function WordCountField<T extends FieldValues & { wordCount: string }>({
  control,
  helperText,
  limits,
  disabled,
}: {
  control: Control<T>;
  helperText: string;
  limits: { min: number; max: number };
  disabled: boolean;
}) {
  return (
    <FormTextField
      control={control}
      name={'wordCount' as Path<T>}
      fullWidth
      type="number"
      label="Word Count"
      helperText={helperText}
      disabled={disabled}
      slotProps={{ htmlInput: { min: limits.min, max: limits.max, step: 100 } }}
    />
  );
}
