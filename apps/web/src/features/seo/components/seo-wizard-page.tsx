import type { SeoProject } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OfflineWriterNotice } from '../../../components/offline-writer-notice';
import { PageHeader } from '../../../components/page-header';
import { useProjectUsage } from '../api/get-project-usage';
import { useProjects } from '../api/get-projects';
import { useWizardData } from '../hooks/use-wizard-data';
import { automaticStep, canGoNext, LAST_STEP } from '../lib/wizard-rules';
import type { WizardNotify } from './steps/step-props';
import { StepContent } from './wizard/step-content';
import { WizardActivity, WizardNav } from './wizard/wizard-nav';
import { WizardToolbar } from './wizard/wizard-toolbar';

/** The Full SEO Suite Wizard (spec §2.6): seven steps over one project. */
export function SeoWizardPage() {
  const { enqueueSnackbar } = useSnackbar();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const notify: WizardNotify = useCallback(
    (message, variant) => enqueueSnackbar(message, { variant }),
    [enqueueSnackbar],
  );
  const [params, setParams] = useSearchParams();
  const projects = useProjects();
  const list = projects.data ?? [];
  const requested = Number(params.get('projectId')) || null;
  // Without projectId the most recent project is loaded; '?new=1' starts a new one.
  const projectId = params.get('new') === '1' ? null : (requested ?? list[0]?.id ?? null);
  const project: SeoProject | null = list.find((p) => p.id === projectId) ?? null;
  // A link to a project that is gone (deleted, or a mistyped id) says so instead of silently
  // showing the create form.
  const missing =
    projects.isSuccess && requested !== null && params.get('new') !== '1' && project === null ? requested : null;
  const data = useWizardData(project?.id ?? null);
  const usage = useProjectUsage(project?.id ?? null);
  // The step belongs to a project: a newly loaded project starts on its automatic step, chosen
  // once when its data has arrived (adjusting state while rendering, not in an effect).
  const [chosen, setChosen] = useState<{ projectId: number | null; step: number }>({ projectId: null, step: 0 });
  const currentId = project?.id ?? null;
  if (project && data.loaded && chosen.projectId !== project.id)
    setChosen({ projectId: project.id, step: automaticStep(data.facts) });
  const step = chosen.projectId === currentId ? chosen.step : 0;
  const setStep = (next: number) => setChosen({ projectId: currentId, step: next });

  useEffect(() => {
    if (projects.isError || data.failed) notify('Failed to load the SEO project', 'error');
  }, [projects.isError, data.failed, notify]);

  const select = (id: number) => setParams({ projectId: String(id) });
  const startNew = () => {
    setChosen({ projectId: null, step: 0 });
    setParams({ new: '1' });
  };
  const created = (p: SeoProject) => {
    setChosen({ projectId: p.id, step: 1 });
    setParams({ projectId: String(p.id) });
  };

  return (
    <>
      <PageHeader title="Full SEO Suite Wizard" />
      <OfflineWriterNotice />
      <WizardToolbar projects={list} project={project} onSelect={select} onNew={startNew} />
      {missing !== null && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {`SEO project ${missing} was not found: it may have been deleted. Choose a project above or create a new one.`}
        </Alert>
      )}
      <Grid container spacing={compact ? 2 : 3}>
        <Grid size={{ xs: 12, md: 3 }}>
          <WizardNav step={step} usage={usage.data} onStep={setStep} compact={compact} />
          {!compact && <WizardActivity logs={data.logs} />}
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <StepContent step={step} project={project} data={data} notify={notify} onCreated={created} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4 }}>
              <Button onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0}>
                Back
              </Button>
              {step < LAST_STEP && (
                <Button
                  variant="contained"
                  onClick={() => setStep(Math.min(LAST_STEP, step + 1))}
                  disabled={!canGoNext(step, data.facts)}
                >
                  Next
                </Button>
              )}
            </Box>
          </Paper>
          {compact && <WizardActivity logs={data.logs} />}
        </Grid>
      </Grid>
    </>
  );
}
