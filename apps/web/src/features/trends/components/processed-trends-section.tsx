import { TREND_DEFAULT_PAGE_SIZE } from '@abp/contracts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useProcessedTrends } from '../api/get-processed-trends';
import type { TrendPageParams } from '../api/query-keys';
import { ProcessedTrendsTable } from './processed-trends-table';
import { RenderBoundary } from './render-boundary';
import { TrendPagination } from './trend-pagination';

/** Collapsed by default; its list is read when it is opened. */
export function ProcessedTrendsSection() {
  const [expanded, setExpanded] = useState(false);
  const [params, setParams] = useState<TrendPageParams>({ limit: TREND_DEFAULT_PAGE_SIZE, offset: 0 });
  const processed = useProcessedTrends(params, expanded);
  const page = processed.data;
  return (
    <Accordion expanded={expanded} onChange={(_event, open) => setExpanded(open)} disableGutters sx={{ mt: 2 }}>
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls="processed-trends-content"
        id="processed-trends-header"
      >
        <Typography variant="h6" component="h2">
          Processed Trends
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="processed-trends-content">
        {processed.isPending && expanded && <LinearProgress aria-label="Loading processed trends" />}
        {processed.isError && !page && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void processed.refetch()}>
                Retry
              </Button>
            }
          >
            {`Failed to load trend monitor: ${processed.error.message}`}
          </Alert>
        )}
        {page && (
          <RenderBoundary message="Error displaying processed trends. Please try refreshing the page.">
            <ProcessedTrendsTable trends={page.items} />
            <TrendPagination
              shown={page.items.length}
              hasMore={page.has_more}
              params={params}
              onParamsChange={setParams}
            />
          </RenderBoundary>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
