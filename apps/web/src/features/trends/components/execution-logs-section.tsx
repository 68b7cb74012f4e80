import type { TrendExecutionLogPage } from '@abp/contracts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import type { TrendPageParams } from '../api/query-keys';
import { ExecutionLogsTable } from './execution-logs-table';
import { RenderBoundary } from './render-boundary';
import { TrendPagination } from './trend-pagination';

interface Props {
  page: TrendExecutionLogPage;
  params: TrendPageParams;
  onParamsChange: (params: TrendPageParams) => void;
}

/** Expanded by default. */
export function ExecutionLogsSection({ page, params, onParamsChange }: Props) {
  return (
    <Accordion defaultExpanded disableGutters>
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls="execution-logs-content"
        id="execution-logs-header"
      >
        <Typography variant="h6" component="h2">
          Execution Logs
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="execution-logs-content">
        <RenderBoundary message="Error displaying logs. Please try refreshing the page.">
          <ExecutionLogsTable logs={page.items} />
          <TrendPagination
            shown={page.items.length}
            hasMore={page.has_more}
            params={params}
            onParamsChange={onParamsChange}
          />
        </RenderBoundary>
      </AccordionDetails>
    </Accordion>
  );
}
