import type { CostEstimate, CostEstimateRequest } from '@abp/contracts';
import Typography from '@mui/material/Typography';
import { formatUsd } from '../lib/money';
import { countOf } from '../lib/plural';
import { useCostEstimate } from '../lib/resources/cost-estimate';

/** "About $0.12 for 10 articles of 1,000 words with openai/gpt-4o-mini (measured on its last 20 articles)". */
export function costEstimateText(
  estimate: CostEstimate,
  request: CostEstimateRequest,
  label = 'Estimated cost',
): string {
  if (estimate.provider === 'offline') return `${label}: nothing (the offline writer calls no model).`;
  const basis =
    estimate.basis === 'observed'
      ? `measured on its last ${countOf(estimate.observed_articles, 'article')}`
      : 'typical ratios until it has written a few articles';
  const price = estimate.priced ? '' : ' No price is set for this model: add one in Settings → Model prices.';
  return `${label}: about ${formatUsd(estimate.cost_usd)} for ${countOf(request.articles, 'article')} of ${request.word_count.toLocaleString('en-US')} words with ${estimate.provider}/${estimate.model} (${basis}).${price}`;
}

/** The question before a start estimated above the operator's threshold. */
export function confirmationText(estimate: CostEstimate, request: CostEstimateRequest, label?: string): string {
  return `${costEstimateText(estimate, request, label)} That is more than ${formatUsd(estimate.confirm_above_usd)}, the amount above which you asked to confirm.`;
}

/** The estimate under a form that starts a job; nothing while the form is not a valid job. */
export function CostEstimateLine({
  request,
  label = 'Estimated cost',
}: {
  request: CostEstimateRequest | null;
  label?: string;
}) {
  const estimate = useCostEstimate(request);
  if (!request || !estimate.data) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" aria-label="Estimated cost">
      {costEstimateText(estimate.data, request, label)}
    </Typography>
  );
}
