import {
  LLM_PROVIDER_LABELS,
  LLM_PROVIDERS,
  type ModelPrices,
  type ModelPricesUpdate,
  modelPricesUpdateSchema,
} from '@abp/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useFieldArray } from 'react-hook-form';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useSaveModelPrices } from '../api/model-prices';
import { type PriceFormValues, priceFieldOf, toPriceFormValues, toPriceUpdateBody } from '../lib/price-form';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');
const shortLabel = (provider: (typeof LLM_PROVIDERS)[number]) => LLM_PROVIDER_LABELS[provider].split(' (')[0];

/** The operator's own prices: added, corrected or removed, saved together. */
export function ModelPricesForm({ prices }: { prices: ModelPrices }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveModelPrices();
  const { register, control, formState, submitWith, showServerProblems } = useContractForm<
    PriceFormValues,
    ModelPricesUpdate
  >({
    defaultValues: toPriceFormValues(prices),
    schema: modelPricesUpdateSchema,
    toBody: toPriceUpdateBody,
    fieldOf: priceFieldOf,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'prices' });
  const errors = formState.errors.prices;
  const busy = save.isPending;
  const current = prices.current;

  const submit = submitWith(async (body) => {
    try {
      await save.mutateAsync(body);
      enqueueSnackbar('Model prices saved', { variant: 'success' });
    } catch (error) {
      showServerProblems(error);
      enqueueSnackbar(`Failed to save model prices: ${reason(error)}`, { variant: 'error' });
    }
  });

  const addRow = () =>
    append({
      provider: current.provider === 'offline' ? 'openai' : current.provider,
      model: current.price || current.provider === 'offline' ? '' : current.model,
      input_per_million: '',
      output_per_million: '',
    });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Model prices">
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        Your prices
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          None: the built-in prices apply. Add one for a model that is not listed or whose price you pay differs.
        </Typography>
      )}
      <Stack spacing={1.5}>
        {fields.map((field, index) => {
          const problem = errors?.[index];
          const number = (name: 'input_per_million' | 'output_per_million', label: string) => {
            const { ref, ...rest } = register(`prices.${index}.${name}`);
            return (
              <TextField
                label={label}
                size="small"
                inputMode="decimal"
                {...rest}
                inputRef={ref}
                disabled={busy}
                error={Boolean(problem?.[name])}
                helperText={problem?.[name]?.message ?? 'USD per 1M tokens'}
                sx={{ width: { xs: '100%', sm: 150 } }}
              />
            );
          };
          const model = register(`prices.${index}.model`);
          const provider = register(`prices.${index}.provider`);
          return (
            <Stack
              key={field.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              alignItems={{ sm: 'flex-start' }}
              role="group"
              aria-label={`Price ${index + 1}`}
            >
              <TextField
                select
                size="small"
                label="Provider"
                defaultValue={field.provider}
                {...provider}
                inputRef={provider.ref}
                disabled={busy}
                sx={{ width: { xs: '100%', sm: 190 } }}
              >
                {LLM_PROVIDERS.map((id) => (
                  <MenuItem key={id} value={id}>
                    {shortLabel(id)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Model"
                {...model}
                inputRef={model.ref}
                disabled={busy}
                error={Boolean(problem?.model)}
                helperText={problem?.model?.message ?? 'Also prices its dated versions'}
                sx={{ flex: 1, minWidth: 0 }}
              />
              {number('input_per_million', 'Input price')}
              {number('output_per_million', 'Output price')}
              <IconButton aria-label={`Remove price ${index + 1}`} onClick={() => remove(index)} disabled={busy}>
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button onClick={addRow} disabled={busy}>
          Add price
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          Save prices
        </Button>
      </Stack>
    </form>
  );
}
