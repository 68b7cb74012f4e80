import { type JobUsage, SEO_LIMITS, SEO_WIZARD_STEPS, type SeoProjectLog } from '@abp/contracts';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { formatUsd } from '../../../../lib/money';
import { RecentActivity } from '../projects/recent-activity';

interface WizardNavProps {
  step: number;
  usage?: JobUsage | undefined;
  onStep: (step: number) => void;
  /**
   * Phones and small tablets (issue #17 item 17): the seven steps in one row of numbered buttons
   * with the current step named under them, so the step's content starts near the top.
   */
  compact?: boolean;
}

// Seven numbered circles and their connectors in the 330 px of a phone's card.
const COMPACT_STEPPER = {
  '& .MuiStep-root': { px: 0 },
  '& .MuiStepButton-root': { m: 0, p: 0.75 },
  '& .MuiStepLabel-iconContainer': { pr: 0 },
  '& .MuiStepConnector-root': { minWidth: 2 },
} as const;

/** The clickable seven steps (steps before the active one show as completed). */
export function WizardNav({ step, usage, onStep, compact = false }: WizardNavProps) {
  // What each step's model calls cost (issue #16): shown under the steps that called a model.
  const costOf = (label: string) => usage?.steps.find((entry) => entry.step === label);
  return (
    <Paper variant="outlined" sx={{ p: compact ? 1.5 : 2 }}>
      <Stepper
        nonLinear
        activeStep={step}
        orientation={compact ? 'horizontal' : 'vertical'}
        aria-label="Wizard steps"
        sx={compact ? COMPACT_STEPPER : undefined}
      >
        {SEO_WIZARD_STEPS.map((label, index) => (
          <Step key={label} completed={index < step}>
            {compact ? (
              <StepButton onClick={() => onStep(index)} aria-label={`Step ${index + 1}: ${label}`} />
            ) : (
              <StepButton
                onClick={() => onStep(index)}
                optional={
                  costOf(label) ? (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                    >{`Model cost ${formatUsd(costOf(label)!.cost_usd)}`}</Typography>
                  ) : undefined
                }
              >
                {label}
              </StepButton>
            )}
          </Step>
        ))}
      </Stepper>
      {compact && (
        <Typography variant="subtitle2" component="p" sx={{ mt: 1, textAlign: 'center' }}>
          {`Step ${step + 1} of ${SEO_WIZARD_STEPS.length}: ${SEO_WIZARD_STEPS[step]}`}
        </Typography>
      )}
      {usage && usage.total.calls > 0 && (
        <Typography
          variant="body2"
          sx={{ mt: 1 }}
        >{`Project model cost: ${formatUsd(usage.total.cost_usd)}`}</Typography>
      )}
    </Paper>
  );
}

/** The project's latest log lines: beside the steps on wide screens, under the step on phones. */
export function WizardActivity({ logs }: { logs: SeoProjectLog[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Recent Activity
      </Typography>
      <RecentActivity logs={logs} limit={SEO_LIMITS.recentActivityWizard} />
    </Paper>
  );
}
