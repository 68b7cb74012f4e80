import Alert from '@mui/material/Alert';
import { OfflineWriterNotice } from '../../../components/offline-writer-notice';
import { useBulkGeneration } from '../hooks/use-bulk-generation';
import { BulkJobForm } from './bulk-job-form';
import { BulkJobHistory } from './bulk-job-history';
import { BulkJobResults } from './bulk-job-results';
import { BulkJobStatus } from './bulk-job-status';

/** Spec part 2 §2.2, Bulk Generation tab: many articles in one background job on the server. */
export function BulkGenerationTab() {
  const bulk = useBulkGeneration();
  return (
    <>
      <OfflineWriterNotice />
      <Alert severity="info" sx={{ mb: 2 }}>
        Bulk jobs run in the background on the server: you can leave this page and the job keeps going. The top bar
        shows its progress.
      </Alert>
      <BulkJobForm onStart={bulk.start} starting={bulk.busy === 'starting'} />
      {bulk.jobId && (
        <BulkJobStatus
          jobId={bulk.jobId}
          job={bulk.job}
          lostMessage={bulk.lostMessage}
          gaveUp={bulk.gaveUp}
          busy={bulk.busy}
          notRun={bulk.results?.results.not_run.length ?? 0}
          onRetry={() => void bulk.retry()}
          onCancel={() => void bulk.cancel()}
        />
      )}
      {bulk.results && (
        <BulkJobResults
          successful={bulk.results.results.successful}
          failed={bulk.results.results.failed}
          notRun={bulk.results.results.not_run}
        />
      )}
      <BulkJobHistory />
    </>
  );
}
