import { useState, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { BULK_LIMITS, DEFAULT_TASK_TYPE, TASK_TYPES, WORD_COUNT_LIMITS, parseItemsList, type BulkJobStartInput } from '@abp/contracts';
import { useBlogConfigHints } from '../api/get-blog-configs';
import { useSites } from '../api/get-sites';
import { useTaskTypes } from '../api/get-task-types';
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
  const sites = useSites();
  const taskTypes = useTaskTypes();
  const configs = useBlogConfigHints();
  const [values, setValues] = useState<BulkFormValues>(INITIAL);
  const [wordCountInvalid, setWordCountInvalid] = useState(false);
  const set = <K extends keyof BulkFormValues>(key: K, value: BulkFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const personaOf = (id: number | '') =>
    id === '' ? '' : configs.data?.find((c) => c.site_id === id)?.content_persona || sites.data?.find((s) => s.id === id)?.content_persona || '';
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
          <TextField select fullWidth required label="Site" value={values.siteId} onChange={(e) => chooseSite(e.target.value === '' ? '' : Number(e.target.value))} disabled={starting}>
            {(sites.data ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id} disabled={!s.is_active}>
                {s.name}
                {s.is_active ? '' : ' (inactive)'}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField select fullWidth label="Task Type" value={values.taskType} onChange={(e) => set('taskType', e.target.value)} disabled={starting}>
            {(taskTypes.data ?? [...TASK_TYPES]).map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PersonaInput value={values.persona} onChange={(next) => set('persona', next)} suggested={personaOf(values.siteId)} disabled={starting} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField select fullWidth label="Status" value={values.publishStatus} onChange={(e) => set('publishStatus', e.target.value as BulkFormValues['publishStatus'])} disabled={starting}>
            <MenuItem value="draft">Draft</MenuItem>
            <MenuItem value="publish">Publish</MenuItem>
          </TextField>
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
