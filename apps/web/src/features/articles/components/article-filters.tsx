import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ArticleSourceType, ArticleStatus, Site } from '@abp/contracts';

export interface ArticleFilterValues {
  siteId: number | null;
  status: ArticleStatus | null;
  sourceType: ArticleSourceType | null;
}

/** Spec §2.1: the status filter offers draft, published and failed. */
const STATUS_OPTIONS: ArticleStatus[] = ['draft', 'published', 'failed'];
const ALL = 'all';

interface ArticleFiltersProps {
  value: ArticleFilterValues;
  sites: readonly Site[];
  onChange: (value: ArticleFilterValues) => void;
}

export function ArticleFilters({ value, sites, onChange }: ArticleFiltersProps) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              size="small"
              label="Site"
              value={value.siteId === null ? ALL : String(value.siteId)}
              onChange={(e) => onChange({ ...value, siteId: e.target.value === ALL ? null : Number(e.target.value) })}
            >
              <MenuItem value={ALL}>All Sites</MenuItem>
              {sites.map((site) => (
                <MenuItem key={site.id} value={String(site.id)}>
                  {site.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              size="small"
              label="Status"
              value={value.status ?? ALL}
              onChange={(e) => onChange({ ...value, status: e.target.value === ALL ? null : (e.target.value as ArticleStatus) })}
            >
              <MenuItem value={ALL}>All Statuses</MenuItem>
              {STATUS_OPTIONS.map((status) => (
                <MenuItem key={status} value={status}>
                  {status.charAt(0).toUpperCase() + status.slice(1)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              size="small"
              label="Source Type"
              value={value.sourceType ?? ALL}
              onChange={(e) => onChange({ ...value, sourceType: e.target.value === ALL ? null : (e.target.value as ArticleSourceType) })}
            >
              <MenuItem value={ALL}>All Sources</MenuItem>
              <MenuItem value="trend">Trend</MenuItem>
              <MenuItem value="manual">Manual</MenuItem>
            </TextField>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
