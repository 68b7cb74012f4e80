// Public surface of the review feature: the router imports the page, the shell the waiting count.
export { useReviewSummary } from './api/get-review-summary';
export { ReviewPage } from './components/review-page';
