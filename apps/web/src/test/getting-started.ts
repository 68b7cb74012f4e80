import { GETTING_STARTED_STEPS, type GettingStarted, type GettingStartedStep } from '@abp/contracts';
import { HttpResponse, http } from 'msw';

/** The checklist's answer with the given steps done. */
export function gettingStarted(done: GettingStartedStep[]): GettingStarted {
  const steps = GETTING_STARTED_STEPS.map((id) => ({ id, done: done.includes(id) }));
  return { steps, complete: steps.every((step) => step.done) };
}

/** The default in the web tests: every step done, so the Dashboard shows no checklist. */
export const gettingStartedDone = http.get('/api/dashboard/getting-started', () =>
  HttpResponse.json(gettingStarted([...GETTING_STARTED_STEPS])),
);
