import { BULK_JOB_PAGE, type BulkJob, isFinalBulkJobStatus } from '@abp/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useBulkJobPage } from '../hooks/use-bulk-job-page';
import { BulkJobResults } from './bulk-job-results';
import { BulkJobStatus } from './bulk-job-status';

/**
 * /jobs/bulk/:jobId — one bulk job on a page of its own (issue #37 point 2): its status, every
 * finished item with its article and its failure's reason, Retry (all, or one item) and Cancel.
 * Reached from Job History and from the Bulk Generation tab; a reload keeps it.
 */
export function BulkJobPage() {
  const { jobId = '' } = useParams();
  const page = useBulkJobPage(jobId);
  const job = page.job;
  const final = job ? isFinalBulkJobStatus(job.status) : false;
  const back = (
    <Button component={RouterLink} to="/manual?tab=bulk" startIcon={<ArrowBackIcon />}>
      {BULK_JOB_PAGE.back}
    </Button>
  );
  return (
    <>
      <PageHeader title={BULK_JOB_PAGE.title} subtitle={`Job ID: ${jobId}`} actions={back} />
      {page.lost && <Alert severity="error">{BULK_JOB_PAGE.notFound}</Alert>}
      {page.error && !page.lost && <Alert severity="error">{page.error.message}</Alert>}
      {!job && !page.error && <CircularProgress aria-label="Loading the job" />}
      {job && (
        <>
          <BulkJobStatus
            jobId={jobId}
            job={job satisfies BulkJob}
            lostMessage={null}
            gaveUp={false}
            busy={page.busy === 'retrying' || page.busy === 'cancelling' ? page.busy : null}
            notRun={job.results.not_run.length}
            onRetry={() => void page.retryAll()}
            onCancel={() => void page.cancel()}
            showJobId={false}
          />
          <BulkJobResults
            successful={job.results.successful}
            failed={job.results.failed}
            notRun={job.results.not_run}
            onRetryItem={final ? (position) => void page.retryItem(position) : undefined}
            retrying={typeof page.busy === 'number' ? page.busy : page.busy === null ? null : -1}
          />
        </>
      )}
    </>
  );
}
