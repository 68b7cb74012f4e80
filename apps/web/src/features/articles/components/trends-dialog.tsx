import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { ExternalLink } from '../../../components/external-link';
import { useArticleTrends } from '../api/get-article-trends';
import { formatDateTime } from '../lib/article-format';

/** The trend sources an article was written from (topic, description, published_date, trend_url). */
export function TrendsDialog({ articleId, onClose }: { articleId: number | null; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const query = useArticleTrends(articleId);

  useEffect(() => {
    if (query.isError) enqueueSnackbar('Failed to load trend data', { variant: 'error' });
  }, [query.isError, enqueueSnackbar]);

  return (
    <Dialog open={articleId !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="trends-dialog-title">
      <DialogTitle id="trends-dialog-title">Google Trends Data</DialogTitle>
      <DialogContent dividers>
        {query.isPending && <CircularProgress aria-label="Loading trend data" />}
        {query.isError && <Alert severity="error">Failed to load trend data</Alert>}
        {query.data?.length === 0 && <Typography color="text.secondary">No trend data for this article.</Typography>}
        {query.data && query.data.length > 0 && (
          <List disablePadding>
            {query.data.map((source, i) => (
              <ListItem key={i} divider alignItems="flex-start" sx={{ flexDirection: 'column', px: 0 }}>
                <Typography fontWeight={600}>{source.topic}</Typography>
                {source.description && <Typography variant="body2">{source.description}</Typography>}
                <Typography variant="caption" color="text.secondary">
                  Published: {formatDateTime(source.published_date)}
                </Typography>
                {source.trend_url && (
                  <ExternalLink href={source.trend_url} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {source.trend_url}
                  </ExternalLink>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
