import { TREND_PAGE_SIZES } from '@abp/contracts';
import TablePagination from '@mui/material/TablePagination';
import type { TrendPageParams } from '../api/query-keys';

interface Props {
  /** Rows on this page. */
  shown: number;
  /** The server said another page exists. */
  hasMore: boolean;
  params: TrendPageParams;
  onParamsChange: (params: TrendPageParams) => void;
}

/**
 * 5, 10 or 25 rows, total unknown: "1–10 of more than 10" until the last page is reached. Hidden
 * while the first page is empty (the section's empty text says enough).
 */
export function TrendPagination({ shown, hasMore, params, onParamsChange }: Props) {
  if (shown === 0 && params.offset === 0) return null;
  const page = Math.floor(params.offset / params.limit);
  return (
    <TablePagination
      component="div"
      count={hasMore ? -1 : page * params.limit + shown}
      page={page}
      rowsPerPage={params.limit}
      rowsPerPageOptions={[...TREND_PAGE_SIZES]}
      onPageChange={(_event, next) => onParamsChange({ ...params, offset: next * params.limit })}
      onRowsPerPageChange={(event) => onParamsChange({ limit: Number(event.target.value), offset: 0 })}
    />
  );
}
