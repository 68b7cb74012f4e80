import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { SEO_LIMITS, SEO_WIZARD_STEPS, type JobUsage, type SeoProjectLog } from '@abp/contracts';
import { formatUsd } from '../../../../lib/money';
import { RecentActivity } from '../projects/recent-activity';

/** The clickable seven-step list (steps before the active one show as completed) and Recent Activity. */
export function WizardNav({ step, logs, usage, onStep }: { step: number; logs: SeoProjectLog[]; usage?: JobUsage | undefined; onStep: (step: number) => void }) {
  // What each step's model calls cost (issue #16): shown under the steps that called a model.
  const costOf = (label: string) => usage?.steps.find((entry) => entry.step === label);
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stepper nonLinear activeStep={step} orientation="vertical" aria-label="Wizard steps">
          {SEO_WIZARD_STEPS.map((label, index) => (
            <Step key={label} completed={index < step}>
              <StepButton
                onClick={() => onStep(index)}
                optional={costOf(label) ? <Typography variant="caption" color="text.secondary">{`Model cost ${formatUsd(costOf(label)!.cost_usd)}`}</Typography> : undefined}
              >
                {label}
              </StepButton>
            </Step>
          ))}
        </Stepper>
        {usage && usage.total.calls > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>{`Project model cost: ${formatUsd(usage.total.cost_usd)}`}</Typography>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>Recent Activity</Typography>
        <RecentActivity logs={logs} limit={SEO_LIMITS.recentActivityWizard} />
      </Paper>
    </>
  );
}
