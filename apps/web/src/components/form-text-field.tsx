import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  /**
   * The longest text the request accepts (issue #17 item 8): the input carries it as maxLength,
   * and from 80 % of it on a counter shows how much is used, so a paste cut at the limit is seen.
   * The server refuses anything longer with a 400.
   */
  limit?: number;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'defaultValue'>;

// The counter shows from this share of the limit on.
const COUNTER_FROM = 0.8;

function counterText(value: unknown, limit: number | undefined): string | null {
  if (limit === undefined || typeof value !== 'string' || value.length < limit * COUNTER_FROM) return null;
  return `${value.length} / ${limit}`;
}

/**
 * A text field of the one form pattern (lib/forms): its value, its ref (focus on the first
 * problem) and its message come from the form; the message replaces the helper text while there
 * is one.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  limit,
  slotProps,
  error,
  ...props
}: Props<T>) {
  const withLimit =
    limit === undefined
      ? slotProps
      : { ...slotProps, htmlInput: { ...(slotProps?.htmlInput as object | undefined), maxLength: limit } };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const counter = counterText(field.value, limit);
        const over = counter !== null && limit !== undefined && (field.value as string).length > limit;
        const message = fieldState.error?.message ?? helperText;
        return (
          <TextField
            {...props}
            slotProps={withLimit}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error) || over || Boolean(error)}
            helperText={
              counter ? (
                <>
                  {message && message !== ' ' ? `${String(message)} · ` : ''}
                  {counter}
                </>
              ) : (
                message
              )
            }
          />
        );
      }}
    />
  );
}
