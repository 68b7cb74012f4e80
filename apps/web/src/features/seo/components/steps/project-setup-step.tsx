import { SEO_LIMITS, type SeoProject, type SeoProjectCreateInput, seoProjectCreateSchema } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { fieldsNamed } from '../../../../lib/forms/field-problems';
import { useContractForm } from '../../../../lib/forms/use-contract-form';
import { useSites } from '../../../../lib/resources/sites';
import { useCreateProject } from '../../api/create-project';
import { errorText } from '../../lib/errors';
import type { WizardNotify } from './step-props';

const EMPTY = {
  site_id: '',
  project_name: '',
  niche: '',
  company_name: '',
  goal: '',
  target_audience: '',
  business_context: '',
};
type ProjectFormValues = typeof EMPTY;
const toBody = (values: ProjectFormValues) => ({ ...values, site_id: Number(values.site_id) });

interface Props {
  project: SeoProject | null;
  notify: WizardNotify;
  onCreated: (project: SeoProject) => void;
}

/** Step 0: the project creation form (site, name and niche required), or the loaded project's details. */
export function ProjectSetupStep({ project, notify, onCreated }: Props) {
  const sites = useSites();
  const create = useCreateProject();
  const { register, control, formState, submitWith, showServerProblems, markSaved } = useContractForm<
    ProjectFormValues,
    SeoProjectCreateInput
  >({
    defaultValues: EMPTY,
    schema: seoProjectCreateSchema,
    toBody,
    fieldOf: fieldsNamed<ProjectFormValues>(Object.keys(EMPTY) as (keyof ProjectFormValues)[]),
  });
  const { errors } = formState;
  const [siteId, projectName, niche] = useWatch({ control, name: ['site_id', 'project_name', 'niche'] });
  const ready = siteId !== '' && projectName.trim() !== '' && niche.trim() !== '';

  if (project) {
    return (
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Project Setup
        </Typography>
        <Typography>{`${project.project_name} — ${project.niche}`}</Typography>
        <Typography
          variant="body2"
          color="text.secondary"
        >{`Site: ${project.site_name}${project.company_name ? ` · Company: ${project.company_name}` : ''}`}</Typography>
        {project.goal && <Typography variant="body2" color="text.secondary">{`Goal: ${project.goal}`}</Typography>}
      </Box>
    );
  }

  const submit = submitWith(async (_body, values, { idempotencyKey }) => {
    try {
      const created = await create.mutateAsync({ body: toBody(values), idempotencyKey });
      notify(`Project "${created.project_name}" created`, 'success');
      // The project holds what was typed: leaving the wizard now loses nothing.
      markSaved();
      onCreated(created);
    } catch (error) {
      showServerProblems(error);
      notify(`Failed to create project: ${errorText(error, 'unknown error')}`, 'error');
    }
  });

  const text = (
    key: keyof ProjectFormValues,
    label: string,
    options: { required?: boolean; multiline?: boolean; max?: number } = {},
  ) => {
    const { ref, ...field } = register(key);
    return (
      <TextField
        label={label}
        {...field}
        inputRef={ref}
        error={Boolean(errors[key])}
        helperText={errors[key]?.message}
        required={options.required}
        multiline={options.multiline}
        minRows={options.multiline ? 2 : undefined}
        slotProps={{ htmlInput: { maxLength: options.max ?? SEO_LIMITS.longText } }}
        fullWidth
      />
    );
  };
  const site = register('site_id');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        if (ready) void submit(e);
        else e.preventDefault();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography variant="h6" component="h2">
        Create a New SEO Project
      </Typography>
      <TextField
        select
        label="WordPress Site"
        required
        value={siteId}
        onChange={site.onChange}
        onBlur={site.onBlur}
        name={site.name}
        inputRef={site.ref}
        fullWidth
        error={Boolean(errors.site_id)}
        helperText={errors.site_id?.message ?? (sites.data?.length === 0 ? 'Add a WordPress site first' : undefined)}
      >
        {(sites.data ?? []).map((site) => (
          <MenuItem key={site.id} value={String(site.id)}>
            {site.name}
          </MenuItem>
        ))}
      </TextField>
      {text('project_name', 'Project Name', { required: true, max: SEO_LIMITS.projectName })}
      {text('niche', 'Niche', { required: true, max: SEO_LIMITS.niche })}
      {text('company_name', 'Company Name', { max: SEO_LIMITS.companyName })}
      {text('goal', 'Goal', { multiline: true })}
      {text('target_audience', 'Target Audience', { multiline: true })}
      {text('business_context', 'Business Context', { multiline: true })}
      <Box>
        <Button type="submit" variant="contained" disabled={!ready || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create Project'}
        </Button>
      </Box>
    </Box>
  );
}
