import type { CostEstimateRequest } from '@abp/contracts';
import { type ReactNode, useState } from 'react';
import { useFetchCostEstimate } from '../lib/resources/cost-estimate';
import { ConfirmDialog } from './confirm-dialog';
import { confirmationText } from './cost-estimate-line';

export interface CostConfirmationOptions {
  title: string;
  confirmLabel: string;
  /** What the estimate is called in the question ("Estimated cost a month"). */
  label?: string;
}

/**
 * A start estimated above the operator's threshold waits for a yes (issue #16): `askThen` fetches
 * the estimate as of now and either goes on at once or opens `dialog`, which goes on when confirmed.
 * An estimate that cannot be had does not hold the start up: budgets still hold on the server.
 */
export function useCostConfirmation({ title, confirmLabel, label }: CostConfirmationOptions): {
  askThen: (request: CostEstimateRequest | null, proceed: () => Promise<void> | void) => Promise<void>;
  dialog: ReactNode;
} {
  const fetchEstimate = useFetchCostEstimate();
  const [question, setQuestion] = useState<{ message: string; proceed: () => Promise<void> | void } | null>(null);

  const askThen = async (request: CostEstimateRequest | null, proceed: () => Promise<void> | void) => {
    const estimate = request && request.articles > 0 ? await fetchEstimate(request) : null;
    if (request && estimate?.needs_confirmation) {
      setQuestion({ message: confirmationText(estimate, request, label), proceed });
      return;
    }
    await proceed();
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
    />
  );
  return { askThen, dialog };
}
