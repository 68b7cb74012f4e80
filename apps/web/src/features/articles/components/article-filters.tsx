import {
  type ArticleSourceType,
  type ArticleStatus,
  type Site,
  WORDPRESS_STATES,
  type WordPressState,
} from '@abp/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { WORDPRESS_STATE_LABELS } from './article-chips';

export interface ArticleFilterValues {
  siteId: number | null;
  status: ArticleStatus | null;
  sourceType: ArticleSourceType | null;
  /** Whether the post was proven live on WordPress (its last check). */
  live: 'live' | 'not_live' | null;
  /** What WordPress has of it (issue #17). */
  wordpressState: WordPressState | null;
}

/** Spec §2.1's draft, published and failed, with review and scheduled (issue #17). */
const STATUS_OPTIONS: ArticleStatus[] = ['draft', 'review', 'scheduled', 'published', 'failed'];
const SOURCE_OPTIONS: ArticleSourceType[] = ['trend', 'manual'];
const ALL = 'all';
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
          <FilterSelect
            label="Site"
            allLabel="All Sites"
            value={value.siteId === null ? null : String(value.siteId)}
            options={sites.map((site) => ({ value: String(site.id), label: site.name }))}
            onChange={(siteId) => onChange({ ...value, siteId: siteId === null ? null : Number(siteId) })}
          />
          <FilterSelect
            label="Status"
            allLabel="All Statuses"
            value={value.status}
            options={STATUS_OPTIONS.map((status) => ({ value: status, label: capitalised(status) }))}
            onChange={(status) => onChange({ ...value, status: status as ArticleStatus | null })}
          />
          <FilterSelect
            label="Source Type"
            allLabel="All Sources"
            value={value.sourceType}
            options={SOURCE_OPTIONS.map((source) => ({ value: source, label: capitalised(source) }))}
            onChange={(sourceType) => onChange({ ...value, sourceType: sourceType as ArticleSourceType | null })}
          />
          <FilterSelect
            label="On WordPress"
            allLabel="Live or not"
            value={value.live}
            options={[
              { value: 'live', label: 'Live ✓' },
              { value: 'not_live', label: 'Not live' },
            ]}
            onChange={(live) => onChange({ ...value, live: live as 'live' | 'not_live' | null })}
          />
          <FilterSelect
            label="WordPress state"
            allLabel="Any state"
            value={value.wordpressState}
            options={WORDPRESS_STATES.map((state) => ({ value: state, label: WORDPRESS_STATE_LABELS[state] }))}
            onChange={(state) => onChange({ ...value, wordpressState: state as WordPressState | null })}
          />
        </Grid>
      </CardContent>
    </Card>
  );
}

interface FilterSelectProps {
  label: string;
  allLabel: string;
  /** null: no filter ("All …"). */
  value: string | null;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string | null) => void;
}

function FilterSelect({ label, allLabel, value, options, onChange }: FilterSelectProps) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4, lg: 'grow' }}>
      <TextField
        select
        fullWidth
        size="small"
        label={label}
        value={value ?? ALL}
        onChange={(e) => onChange(e.target.value === ALL ? null : e.target.value)}
      >
        <MenuItem value={ALL}>{allLabel}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );
}
