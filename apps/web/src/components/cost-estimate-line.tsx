import { budgetRoomText, CONFIRM_THRESHOLD_LINK, type CostEstimate, type CostEstimateRequest } from '@abp/contracts';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatUsd } from '../lib/money';
import { countOf } from '../lib/plural';
import { useCostEstimate } from '../lib/resources/cost-estimate';

/** How the budgets sentence names the work: "This job needs about $0.28; Garden has $0.21 left this month." */
export interface CostWording {
  /** "Estimated cost a month" */
  label?: string;
  /** "This job", "This article", "This schedule", "This run" */
  what?: string;
  /** " a month" after the amount */
  per?: string;
}

/** "About $0.12 for 10 articles of 1,000 words with openai/gpt-4o-mini (based on your last 20 articles)". */
export function costEstimateText(
  estimate: CostEstimate,
  request: CostEstimateRequest,
  label = 'Estimated cost',
): string {
  if (estimate.provider === 'offline') return `${label}: nothing (the offline writer calls no model).`;
  const basis =
    estimate.basis === 'ledger'
      ? `based on your last ${countOf(estimate.observed_articles, 'article')} of this length`
      : estimate.basis === 'observed'
        ? `measured on its last ${countOf(estimate.observed_articles, 'article')}`
        : 'typical ratios until it has written a few articles';
  const price = estimate.priced ? '' : ' No price is set for this model: add one in Settings → Model prices.';
  return `${label}: about ${formatUsd(estimate.cost_usd)} for ${countOf(request.articles, 'article')} of ${request.word_count.toLocaleString('en-US')} words with ${estimate.provider}/${estimate.model} (${basis}).${price}`;
}

/** What the work needs beside what each budget it touches has left (issue #37); null when no budget applies. */
export function budgetText(estimate: CostEstimate, wording: CostWording = {}): string | null {
  return budgetRoomText(wording.what ?? 'This job', estimate.cost_usd, estimate.budgets, wording.per ?? '');
}

/** The threshold part of the question before a start estimated above it. */
export function thresholdText(estimate: CostEstimate): string {
  return `That is more than ${formatUsd(estimate.confirm_above_usd)}, the amount above which you asked to confirm.`;
}

/** The question before a start estimated above the operator's threshold, or crossing a budget. */
export function confirmationText(
  estimate: CostEstimate,
  request: CostEstimateRequest,
  wording: CostWording = {},
): string {
  const parts = [costEstimateText(estimate, request, wording.label)];
  const budgets = budgetText(estimate, wording);
  if (estimate.crosses_budget && budgets) parts.push(budgets);
  if (estimate.needs_confirmation) parts.push(thresholdText(estimate));
  return parts.join(' ');
}

/** Where the "you asked to confirm" amount is set: Settings → Budgets (issue #37). */
export function ThresholdLink() {
  return (
    <Link component={RouterLink} to={CONFIRM_THRESHOLD_LINK}>
      Change the amount in Settings → Budgets
    </Link>
  );
}

/** The estimate under a form that starts a job, and what the budgets it touches have left; nothing while the form is not a valid job. */
export function CostEstimateLine({
  request,
  label = 'Estimated cost',
  what,
  per,
}: { request: CostEstimateRequest | null } & CostWording) {
  const estimate = useCostEstimate(request);
  if (!request || !estimate.data) return null;
  const budgets = budgetText(estimate.data, { what, per });
  return (
    <Typography variant="body2" color="text.secondary" role="status" aria-label="Estimated cost">
      {costEstimateText(estimate.data, request, label)}
      {budgets && (
        <Typography
          component="span"
          variant="body2"
          display="block"
          color={estimate.data.crosses_budget ? 'warning.main' : 'text.secondary'}
          data-testid="budget-room"
        >
          {budgets}
        </Typography>
      )}
    </Typography>
  );
}
