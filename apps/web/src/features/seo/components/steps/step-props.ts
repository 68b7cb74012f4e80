import type { SeoProject } from '@abp/contracts';
import type { WizardData } from '../../hooks/use-wizard-data';

export type WizardNotify = (message: string, variant: 'success' | 'error' | 'warning' | 'info') => void;

/** What every wizard step receives. */
export interface StepProps {
  project: SeoProject;
  data: WizardData;
  notify: WizardNotify;
}
