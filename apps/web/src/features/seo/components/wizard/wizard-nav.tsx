import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { SEO_LIMITS, SEO_WIZARD_STEPS, type SeoProjectLog } from '@abp/contracts';
import { RecentActivity } from '../projects/recent-activity';

/** The clickable seven-step list (steps before the active one show as completed) and Recent Activity. */
export function WizardNav({ step, logs, onStep }: { step: number; logs: SeoProjectLog[]; onStep: (step: number) => void }) {
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stepper nonLinear activeStep={step} orientation="vertical" aria-label="Wizard steps">
          {SEO_WIZARD_STEPS.map((label, index) => (
            <Step key={label} completed={index < step}>
              <StepButton onClick={() => onStep(index)}>{label}</StepButton>
            </Step>
          ))}
        </Stepper>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>Recent Activity</Typography>
        <RecentActivity logs={logs} limit={SEO_LIMITS.recentActivityWizard} />
      </Paper>
    </>
  );
}
