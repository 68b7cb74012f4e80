// Public surface of the review feature: the router imports only from here (the shell: nav.ts).
export { ReviewPage } from './components/review-page';
