// Public surface of the review feature: the router imports the page (the waiting count is lib/review-summary.ts).
export { ReviewPage } from './components/review-page';
