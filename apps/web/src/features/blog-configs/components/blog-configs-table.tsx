import { type BlogConfig, personaLabel } from '@abp/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NextPostCell } from './next-post-cell';
import { TopicChips } from './topic-chips';

export interface BlogConfigListProps {
  configs: readonly BlogConfig[];
  onEdit: (config: BlogConfig) => void;
  onDelete: (config: BlogConfig) => void;
}

/** Spec §9: table page sizes. */
const PAGE_SIZES = [10, 25, 50, 100];
const COLUMNS = [
  'Site',
  'Topics',
  'Task Type',
  'Persona',
  'Post Interval',
  'Max Posts/Day',
  'Post Status',
  'Status',
  'Next post',
  'Actions',
];

export function BlogConfigsTable({ configs, onEdit, onDelete }: BlogConfigListProps) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  // A deletion can empty the last page: show the one before it.
  const lastPage = Math.max(0, Math.ceil(configs.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const rows = configs.slice(current * pageSize, current * pageSize + pageSize);
  return (
    <Paper variant="outlined">
      <TableContainer>
        {/* Ten columns in the 1,000 px beside the drawer: tighter cell padding than MUI's default. */}
        <Table
          aria-label="Blog configurations"
          size="small"
          sx={{ '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-root:first-of-type': { pl: 2 } }}
        >
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((config) => (
              <TableRow key={config.id} hover>
                <TableCell sx={{ minWidth: 140 }}>
                  <Typography fontWeight={600}>{config.site_name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {config.site_url}
                  </Typography>
                </TableCell>
                <TableCell>
                  <TopicChips topics={config.topics} />
                </TableCell>
                <TableCell>{config.task_type}</TableCell>
                <TableCell sx={{ maxWidth: 130 }}>{personaLabel(config.content_persona)}</TableCell>
                <TableCell
                  sx={{ whiteSpace: 'nowrap' }}
                >{`${config.posting_interval_min}-${config.posting_interval_max} hours`}</TableCell>
                <TableCell>{config.max_posts_per_day}</TableCell>
                <TableCell>
                  <Chip
                    label={config.post_status}
                    size="small"
                    color={config.post_status === 'published' ? 'success' : 'default'}
                  />
                </TableCell>
                <TableCell>
                  <Chip
                    label={config.is_active ? 'Active' : 'Inactive'}
                    size="small"
                    color={config.is_active ? 'primary' : 'default'}
                    variant={config.is_active ? 'filled' : 'outlined'}
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  <NextPostCell config={config} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Edit">
                    <IconButton
                      size="small"
                      aria-label={`Edit configuration of ${config.site_name}`}
                      onClick={() => onEdit(config)}
                    >
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton
                      size="small"
                      aria-label={`Delete configuration of ${config.site_name}`}
                      color="error"
                      onClick={() => onDelete(config)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {configs.length > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={configs.length}
          page={current}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </Paper>
  );
}
