import { SEO_LIMITS, SEO_PHASE_NAMES, type SeoProject } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useLogs } from '../../api/get-logs';
import { RecentActivity } from './recent-activity';

interface SidePanelProps {
  project: SeoProject | null;
  busy: 'keywords' | 'outline' | null;
  onGenerateKeywords: () => void;
  onCreateOutline: () => void;
  onDelete: () => void;
}

/** The selected project's phases, quick actions and its last 10 log entries. */
export function ProjectSidePanel({ project, busy, onGenerateKeywords, onCreateOutline, onDelete }: SidePanelProps) {
  const logs = useLogs(project?.id ?? null);
  if (!project) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">
          Select a Project
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Choose a project's details to see its phases, quick actions and recent activity.
        </Typography>
      </Paper>
    );
  }
  const active = project.status === 'completed' ? 3 : project.current_phase - 1;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} aria-label="Project details">
      <Typography variant="h6" component="h2" gutterBottom>
        {project.project_name}
      </Typography>
      <Stepper activeStep={active} orientation="vertical">
        {SEO_PHASE_NAMES.map((name) => (
          <Step key={name}>
            <StepLabel>{name}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Quick Actions
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Button variant="outlined" onClick={onGenerateKeywords} disabled={busy !== null}>
          {busy === 'keywords' ? 'Generating…' : 'Generate Keywords'}
        </Button>
        <Button variant="outlined" onClick={onCreateOutline} disabled={busy !== null}>
          {busy === 'outline' ? 'Creating…' : 'Create Content Outline'}
        </Button>
        <Button variant="outlined" color="error" onClick={onDelete}>
          Delete Project
        </Button>
      </Box>
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Recent Activity
      </Typography>
      <RecentActivity logs={logs.data ?? []} limit={SEO_LIMITS.recentActivityList} />
    </Paper>
  );
}
