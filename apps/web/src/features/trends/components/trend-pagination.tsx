import TablePagination from '@mui/material/TablePagination';
import { TREND_PAGE_SIZES } from '@abp/contracts';

interface Props {
  page: number;
  rowsPerPage: number;
  /** Rows on this page. */
  shown: number;
  /** The server said another page exists. */
  hasMore: boolean;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rows: number) => void;
}

/** 5, 10 or 25 rows, total unknown: "1–10 of more than 10" until the last page is reached. */
export function TrendPagination({ page, rowsPerPage, shown, hasMore, onPageChange, onRowsPerPageChange }: Props) {
  return (
    <TablePagination
      component="div"
      count={hasMore ? -1 : page * rowsPerPage + shown}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[...TREND_PAGE_SIZES]}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
    />
  );
}
