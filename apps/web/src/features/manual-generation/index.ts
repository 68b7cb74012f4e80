// Public surface of the manual-generation feature: the router imports only from here.

export { BulkJobPage } from './components/bulk-job-page';
export { ManualGenerationPage } from './components/manual-generation-page';
export { SecureManualGenerationPage } from './components/secure-manual-generation-page';
