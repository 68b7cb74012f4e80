// Second public surface of the review feature: the navigation's waiting count (the shell imports it;
// the page stays a lazy chunk of index.ts).
export { useReviewSummary } from './api/get-review-summary';
