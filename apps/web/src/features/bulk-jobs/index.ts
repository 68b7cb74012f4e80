// Public surface of the bulk-jobs feature: the shell mounts the indicator.
export { BulkJobIndicator } from './components/bulk-job-indicator';
