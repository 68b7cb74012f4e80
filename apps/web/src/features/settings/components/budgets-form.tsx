import { type Budgets, type BudgetsUpdate, budgetsUpdateSchema, CONFIRM_THRESHOLD_ANCHOR } from '@abp/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useLocation } from 'react-router';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useSaveBudgets } from '../../../lib/resources/budgets';
import { useSites } from '../../../lib/resources/sites';
import { type BudgetFormValues, budgetFieldOf, toBudgetFormValues, toBudgetUpdateBody } from '../lib/budget-form';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

export function BudgetsForm({ budgets }: { budgets: Budgets }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveBudgets();
  const sites = useSites();
  const { register, control, formState, submitWith, showServerProblems } = useContractForm<
    BudgetFormValues,
    BudgetsUpdate
  >({
    defaultValues: toBudgetFormValues(budgets),
    schema: budgetsUpdateSchema,
    toBody: toBudgetUpdateBody,
    fieldOf: budgetFieldOf,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'sites' });
  const { errors } = formState;
  const busy = save.isPending;

  const submit = submitWith(async (body) => {
    try {
      await save.mutateAsync(body);
      enqueueSnackbar('Budgets saved', { variant: 'success' });
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(`Failed to save budgets: ${reason(error)}`, { variant: 'error' });
    }
  });

  const overall = register('monthly_usd');
  const threshold = register('confirm_above_usd');
  // "Where is this set?" links of the cost questions land here (issue #37): the field is shown and focused.
  const { hash } = useLocation();
  const thresholdRef = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (hash !== `#${CONFIRM_THRESHOLD_ANCHOR}`) return;
    thresholdRef.current?.scrollIntoView?.({ block: 'center' });
    thresholdRef.current?.focus();
  }, [hash]);
  const siteOptions = sites.data ?? [];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Budgets">
      <TextField
        label="Monthly budget, all sites"
        size="small"
        inputMode="decimal"
        {...overall}
        inputRef={overall.ref}
        disabled={busy}
        error={Boolean(errors.monthly_usd)}
        helperText={errors.monthly_usd?.message ?? 'USD; empty: no overall limit'}
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
      <TextField
        id={CONFIRM_THRESHOLD_ANCHOR}
        label="Ask to confirm a job above"
        size="small"
        inputMode="decimal"
        {...threshold}
        inputRef={(element: HTMLInputElement | null) => {
          threshold.ref(element);
          thresholdRef.current = element;
        }}
        disabled={busy}
        error={Boolean(errors.confirm_above_usd)}
        helperText={
          errors.confirm_above_usd?.message ??
          'USD; a bulk job, schedule or SEO run estimated above this asks first (so does one that would cross a budget)'
        }
        sx={{ width: { xs: '100%', sm: 420 }, mt: 2, display: 'flex' }}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        Per site
      </Typography>
      {/* A rule of the whole list (one budget per site) has no field of its own. */}
      {(errors.sites?.root?.message ?? errors.sites?.message) && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }}>
          {errors.sites?.root?.message ?? errors.sites?.message}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {fields.map((field, index) => {
          const site = register(`sites.${index}.site_id`);
          const amount = register(`sites.${index}.monthly_usd`);
          const problem = errors.sites?.[index];
          return (
            <Stack
              key={field.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              alignItems={{ sm: 'flex-start' }}
              role="group"
              aria-label={`Site budget ${index + 1}`}
            >
              <TextField
                select
                size="small"
                label="Site"
                defaultValue={field.site_id}
                {...site}
                inputRef={site.ref}
                disabled={busy}
                error={Boolean(problem?.site_id)}
                helperText={problem?.site_id?.message ?? ' '}
                sx={{ width: { xs: '100%', sm: 260 } }}
              >
                {siteOptions.map((option) => (
                  <MenuItem key={option.id} value={String(option.id)}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Monthly budget"
                inputMode="decimal"
                {...amount}
                inputRef={amount.ref}
                disabled={busy}
                error={Boolean(problem?.monthly_usd)}
                helperText={problem?.monthly_usd?.message ?? 'USD'}
                sx={{ width: { xs: '100%', sm: 180 } }}
              />
              <IconButton aria-label={`Remove site budget ${index + 1}`} onClick={() => remove(index)} disabled={busy}>
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          onClick={() =>
            append({
              site_id:
                siteOptions.find((option) => !fields.some((f) => f.site_id === String(option.id)))?.id.toString() ?? '',
              monthly_usd: '',
            })
          }
          disabled={busy || siteOptions.length === 0}
        >
          Add site budget
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          Save budgets
        </Button>
      </Stack>
    </form>
  );
}
