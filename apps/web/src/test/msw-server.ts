import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { gettingStartedDone } from './getting-started';
import { configuredProviderSettings } from './llm-settings';
import { usageDefaults } from './usage';

/** The Bulk Generation tab (mounted with Manual Generation) lists the job history: none by default. */
const noBulkJobHistory = http.get('/api/bulk-jobs', () => HttpResponse.json({ jobs: [] }));

/**
 * One MSW server for the web tests; each test declares the answers it needs. The defaults are
 * the language-model settings, which the offline-writer notice on every generating screen reads,
 * the model spend and prices (the Dashboard, the landing screen, and Settings read them), an
 * empty bulk job history, and a getting-started checklist all done (so the Dashboard shows none).
 */
/** The navigation polls the Review inbox's count (issue #33): nothing waits by default. */
const nothingWaits = http.get('/api/review/summary', () => HttpResponse.json({ count: 0, oldest_since: null }));

export const server = setupServer(
  configuredProviderSettings,
  ...usageDefaults,
  noBulkJobHistory,
  gettingStartedDone,
  nothingWaits,
);
