import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SEO_LIMITS, type SeoProject } from '@abp/contracts';
import { useCreateProject } from '../../api/create-project';
import { useSites } from '../../../../lib/resources/sites';
import { errorText } from '../../lib/errors';
import type { WizardNotify } from './step-props';

const EMPTY = { site_id: '', project_name: '', niche: '', company_name: '', goal: '', target_audience: '', business_context: '' };

interface Props {
  project: SeoProject | null;
  notify: WizardNotify;
  onCreated: (project: SeoProject) => void;
}

/** Step 0: the project creation form (site, name and niche required), or the loaded project's details. */
export function ProjectSetupStep({ project, notify, onCreated }: Props) {
  const sites = useSites();
  const create = useCreateProject();
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const ready = form.site_id !== '' && form.project_name.trim() !== '' && form.niche.trim() !== '';

  if (project) {
    return (
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>Project Setup</Typography>
        <Typography>{`${project.project_name} — ${project.niche}`}</Typography>
        <Typography variant="body2" color="text.secondary">{`Site: ${project.site_name}${project.company_name ? ` · Company: ${project.company_name}` : ''}`}</Typography>
        {project.goal && <Typography variant="body2" color="text.secondary">{`Goal: ${project.goal}`}</Typography>}
      </Box>
    );
  }

  const submit = async () => {
    try {
      const created = await create.mutateAsync({ ...form, site_id: Number(form.site_id) });
      notify(`Project "${created.project_name}" created`, 'success');
      onCreated(created);
    } catch (error) {
      notify(`Failed to create project: ${errorText(error, 'unknown error')}`, 'error');
    }
  };

  const text = (key: keyof typeof EMPTY, label: string, options: { required?: boolean; multiline?: boolean; max?: number } = {}) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={set(key)}
      required={options.required}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      slotProps={{ htmlInput: { maxLength: options.max ?? SEO_LIMITS.longText } }}
      fullWidth
    />
  );

  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); if (ready) void submit(); }} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">Create a New SEO Project</Typography>
      <TextField select label="WordPress Site" required value={form.site_id} onChange={set('site_id')} fullWidth helperText={sites.data?.length === 0 ? 'Add a WordPress site first' : undefined}>
        {(sites.data ?? []).map((site) => (
          <MenuItem key={site.id} value={String(site.id)}>{site.name}</MenuItem>
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
