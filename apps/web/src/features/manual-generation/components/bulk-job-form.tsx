import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { BULK_LIMITS, DEFAULT_TASK_TYPE, WORD_COUNT_LIMITS, parseItemsList, type BulkJobStartInput } from '@abp/contracts';
import { useGenerationChoices } from '../hooks/use-generation-choices';
import { PublishStatusSelect, SiteSelect, TaskTypeSelect } from './generation-fields';
import { bulkFormError, wordCountOf, WORD_COUNT_RANGE_ERROR, type BulkFormValues } from '../lib/bulk-form';
import { PersonaInput } from './persona-input';

interface BulkJobFormProps {
  onStart: (body: BulkJobStartInput) => Promise<void>;
  starting: boolean;
}

const INITIAL: BulkFormValues = {
  itemsList: '',
  siteId: '',
  taskType: DEFAULT_TASK_TYPE,
  persona: '',
  publishStatus: 'draft',
  wordCount: String(WORD_COUNT_LIMITS.manual.default),
  includeImages: true,
};

/** The Bulk Generation tab's fields and its 'Start Background Job' button (spec part 2 §2.2). */
export function BulkJobForm({ onStart, starting }: BulkJobFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const { sites, taskTypeOptions, personaOf } = useGenerationChoices();
  const [values, setValues] = useState<BulkFormValues>(INITIAL);
  const [wordCountInvalid, setWordCountInvalid] = useState(false);
  const set = <K extends keyof BulkFormValues>(key: K, value: BulkFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const chooseSite = (id: number | '') => {
    const suggestion = personaOf(id);
    setValues((current) => ({ ...current, siteId: id, persona: current.persona.trim() || !suggestion ? current.persona : suggestion }));
  };
  const itemCount = parseItemsList(values.itemsList).length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (starting) return;
    const problem = bulkFormError(values);
    setWordCountInvalid(problem === WORD_COUNT_RANGE_ERROR);
    if (problem) {
      enqueueSnackbar(problem, { variant: 'error' });
      return;
    }
    await onStart({
      items_list: values.itemsList,
      site_id: values.siteId === '' ? null : values.siteId,
      task_type: values.taskType as BulkJobStartInput['task_type'],
      options: {
        includeImages: values.includeImages,
        publishStatus: values.publishStatus,
        wordCount: wordCountOf(values.wordCount),
        persona: values.persona.trim(),
        postToWordPress: true,
      },
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Bulk generation">
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            fullWidth
            required
            multiline
            minRows={6}
            maxRows={16}
            label="Items List (one per line)"
            value={values.itemsList}
            onChange={(e) => set('itemsList', e.target.value)}
            helperText={`${itemCount} item${itemCount === 1 ? '' : 's'} (at most ${BULK_LIMITS.maxItems})`}
            disabled={starting}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SiteSelect sites={sites.data ?? []} value={values.siteId} onChange={chooseSite} disabled={starting} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TaskTypeSelect options={taskTypeOptions} value={values.taskType} onChange={(next) => set('taskType', next)} disabled={starting} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PersonaInput value={values.persona} onChange={(next) => set('persona', next)} suggested={personaOf(values.siteId)} disabled={starting} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <PublishStatusSelect value={values.publishStatus} onChange={(next) => set('publishStatus', next)} disabled={starting} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            fullWidth
            type="number"
            label="Word Count"
            value={values.wordCount}
            onChange={(e) => set('wordCount', e.target.value)}
            error={wordCountInvalid}
            helperText={wordCountInvalid ? WORD_COUNT_RANGE_ERROR : `Empty: ${BULK_LIMITS.wordCount.fallback}`}
            disabled={starting}
            slotProps={{ htmlInput: { min: BULK_LIMITS.wordCount.min, max: BULK_LIMITS.wordCount.max, step: 100 } }}
          />
        </Grid>
        <Grid size={12}>
          <FormControlLabel control={<Switch checked={values.includeImages} onChange={(e) => set('includeImages', e.target.checked)} disabled={starting} />} label="Include Images" />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" disabled={starting} startIcon={starting ? <CircularProgress size={18} color="inherit" /> : undefined}>
            Start Background Job
          </Button>
        </Grid>
      </Grid>
    </form>
  );
}
