import type { QualityReport } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

const SEVERITY_ALERT = { none: 'info', minor: 'info', major: 'warning', severe: 'error' } as const;

interface QualityGateDialogProps {
  report: QualityReport | null;
  onPublishAnyway: () => void;
  onCancel: () => void;
}

/** Spec §8: the publish conflict shows severity, the message and the counts, and asks 'Publish anyway?'. */
export function QualityGateDialog({ report, onPublishAnyway, onCancel }: QualityGateDialogProps) {
  return (
    <Dialog open={report !== null} onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="quality-gate-title">
      <DialogTitle id="quality-gate-title">Quality gate</DialogTitle>
      {report && (
        <DialogContent>
          <Alert severity={SEVERITY_ALERT[report.severity]} sx={{ mb: 2 }}>
            Severity: {report.severity}
          </Alert>
          <Typography sx={{ mb: 1 }}>{report.message}</Typography>
          <Typography variant="body2" color="text.secondary">
            Issues: {report.issues.length} · Warnings: {report.warnings.length}
          </Typography>
          {report.issues.length > 0 && (
            <ul>
              {report.issues.map((issue, i) => (
                <li key={i}>
                  <Typography variant="body2">{issue.message}</Typography>
                </li>
              ))}
            </ul>
          )}
          <Typography fontWeight={600} sx={{ mt: 2 }}>
            Publish anyway?
          </Typography>
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="warning" onClick={onPublishAnyway}>
          Publish Anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
