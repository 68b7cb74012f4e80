import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ShownTestResult } from '../hooks/use-connection-test';

const TEST_LABELS: Record<string, string> = {
  reachability: 'Site reachable',
  rest_api_discovery: 'REST API discovery',
  authentication: 'Authentication',
  user_capabilities: 'User capabilities',
  unfiltered_html: 'Unfiltered HTML (JSON-LD, embeds)',
  draft_post: 'Draft post created and deleted',
  media_upload: 'Media upload created and deleted',
  categories_readable: 'Categories readable',
  tags_readable: 'Tags readable',
};

const labelOf = (name: string) => TEST_LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

interface ConnectionTestDialogProps {
  shown: ShownTestResult | null;
  onClose: () => void;
}

/** 'Enhanced Connection Test Results': the verdict, the success rate, every test, the advice. */
export function ConnectionTestDialog({ shown, onClose }: ConnectionTestDialogProps) {
  const result = shown?.result;
  return (
    <Dialog open={shown !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="connection-test-title">
      <DialogTitle id="connection-test-title">Enhanced Connection Test Results</DialogTitle>
      {result && shown && (
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {shown.site.name} — {shown.site.url}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, my: 1 }}>
            <Typography variant="subtitle1" component="span">
              Overall Test Result:
            </Typography>
            <Chip label={result.success ? 'PASSED' : 'FAILED'} color={result.success ? 'success' : 'error'} />
            <Typography variant="subtitle1" component="span">
              Success Rate: {Math.round(result.success_rate * 100)}%
            </Typography>
          </Box>
          {result.seo && (
            <Typography variant="body2" sx={{ my: 1 }}>
              <strong>SEO plugin:</strong> {result.seo.summary}
            </Typography>
          )}
          {result.recommendations.length > 0 && (
            <Box sx={{ my: 2 }}>
              <Typography variant="h6" component="h3" gutterBottom>
                Recommendations
              </Typography>
              <List dense aria-label="Recommendations" sx={{ listStyle: 'disc', pl: 3 }}>
                {result.recommendations.map((text) => (
                  <ListItem key={text} sx={{ display: 'list-item', py: 0.25 }}>
                    <ListItemText primary={text} />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
          <List dense aria-label="Tests">
            {Object.entries(result.tests).map(([name, test]) => {
              // A check that could not run because an earlier one failed is not a failure of its own.
              const skipped = test.details.skipped === true;
              return (
                <ListItem key={name} divider alignItems="flex-start">
                  <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                    {skipped ? (
                      <RemoveCircleOutline color="disabled" titleAccess="skipped" />
                    ) : test.success ? (
                      <CheckCircleOutlined color="success" titleAccess="passed" />
                    ) : (
                      <HighlightOffOutlined color="error" titleAccess="failed" />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={`${labelOf(name)}: ${skipped ? 'Skipped' : test.success ? 'PASS' : 'FAIL'}`}
                    secondary={
                      skipped ? (
                        <span>{(test.error ?? '').replace(/^Skipped:\s*/, 'Not run: ')}</span>
                      ) : (
                        <>
                          <span>Response time: {test.response_time} ms</span>
                          {test.error && (
                            <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                              Error: {test.error}
                            </Typography>
                          )}
                        </>
                      )
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
