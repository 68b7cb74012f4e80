import { SEO_MESSAGES, type SeoProject } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import type { WizardData } from '../../hooks/use-wizard-data';
import { ArticlesStep } from '../steps/articles-step';
import { KeywordStep } from '../steps/keyword-step';
import { OptimisationStep } from '../steps/optimisation-step';
import { PagesStep } from '../steps/pages-step';
import { ProjectSetupStep } from '../steps/project-setup-step';
import { ReviewStep } from '../steps/review-step';
import type { WizardNotify } from '../steps/step-props';
import { StrategyStep } from '../steps/strategy-step';

interface Props {
  step: number;
  project: SeoProject | null;
  data: WizardData;
  notify: WizardNotify;
  onCreated: (project: SeoProject) => void;
}

const STEPS = [KeywordStep, StrategyStep, PagesStep, ArticlesStep, OptimisationStep, ReviewStep];

export function StepContent({ step, project, data, notify, onCreated }: Props) {
  if (step === 0) return <ProjectSetupStep project={project} notify={notify} onCreated={onCreated} />;
  if (!project) return <Alert severity="info">{SEO_MESSAGES.selectProject}</Alert>;
  const Step = STEPS[step - 1] ?? ReviewStep;
  return <Step project={project} data={data} notify={notify} />;
}
