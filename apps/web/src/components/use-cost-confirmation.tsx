import type { CostEstimateRequest } from '@abp/contracts';
import DialogContentText from '@mui/material/DialogContentText';
import { type ReactNode, useState } from 'react';
import { useFetchCostEstimate } from '../lib/resources/cost-estimate';
import { ConfirmDialog } from './confirm-dialog';
import { type CostWording, confirmationText, ThresholdLink } from './cost-estimate-line';

export interface CostConfirmationOptions extends CostWording {
  title: string;
  confirmLabel: string;
}

/**
 * A start estimated above the operator's threshold, or that would cross a monthly budget, waits for
 * a yes (issues #16, #37): `askThen` fetches the estimate as of now and either goes on at once or
 * opens `dialog`, which goes on when confirmed. `proceed(true)` means the operator accepted crossing
 * a budget: the start carries `confirm_budget: true`, without which the server refuses it (409).
 * An estimate that cannot be had does not hold the start up: the server still checks.
 */
export function useCostConfirmation({ title, confirmLabel, ...wording }: CostConfirmationOptions): {
  askThen: (
    request: CostEstimateRequest | null,
    proceed: (confirmBudget: boolean) => Promise<void> | void,
  ) => Promise<void>;
  dialog: ReactNode;
} {
  const fetchEstimate = useFetchCostEstimate();
  const [question, setQuestion] = useState<{
    message: string;
    threshold: boolean;
    proceed: () => Promise<void> | void;
  } | null>(null);

  const askThen = async (
    request: CostEstimateRequest | null,
    proceed: (confirmBudget: boolean) => Promise<void> | void,
  ) => {
    const estimate = request && request.articles > 0 ? await fetchEstimate(request) : null;
    if (request && estimate && (estimate.needs_confirmation || estimate.crosses_budget)) {
      setQuestion({
        message: confirmationText(estimate, request, wording),
        threshold: estimate.needs_confirmation,
        proceed: () => proceed(estimate.crosses_budget),
      });
      return;
    }
    await proceed(false);
  };

  const dialog = (
    <ConfirmDialog
      open={question !== null}
      title={title}
      message={question?.message ?? ''}
      confirmLabel={confirmLabel}
      confirmColor="warning"
      onCancel={() => setQuestion(null)}
      onConfirm={() => {
        const asked = question;
        setQuestion(null);
        if (asked) void asked.proceed();
      }}
    >
      {question?.threshold && (
        <DialogContentText sx={{ mt: 1 }}>
          <ThresholdLink />
        </DialogContentText>
      )}
    </ConfirmDialog>
  );
  return { askThen, dialog };
}
