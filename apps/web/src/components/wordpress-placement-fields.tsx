import type { InventoryTerm } from '@abp/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useInventoryTaxonomy } from '../lib/resources/site-inventory';

interface WordPressPlacementFieldsProps {
  siteId: number | null;
  categoryIds: number[];
  authorId: number | null;
  onCategoriesChange: (ids: number[]) => void;
  onAuthorChange: (id: number | null) => void;
  /** What an empty choice means on this form. */
  emptyMeaning: string;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * The WordPress categories (several) and author of new posts, chosen from what the site's last
 * content sync found. A site never synced offers nothing and says how to get the list.
 */
export function WordPressPlacementFields({
  siteId,
  categoryIds,
  authorId,
  onCategoriesChange,
  onAuthorChange,
  emptyMeaning,
  error,
  disabled = false,
}: WordPressPlacementFieldsProps) {
  const taxonomy = useInventoryTaxonomy(siteId);
  const categories = taxonomy.data?.categories ?? [];
  const authors = taxonomy.data?.authors ?? [];
  const known = categories.length > 0 || authors.length > 0;
  const hint =
    siteId === null
      ? 'Choose a site first.'
      : taxonomy.isSuccess && !known
        ? "Sync the site's content (WordPress Sites → Sync content) to choose its categories and author."
        : emptyMeaning;
  const selected = categoryIds.map(
    (id) => categories.find((c) => c.id === id) ?? { id, name: `Category #${id}`, slug: '', parent: 0, count: 0 },
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
      <Autocomplete<InventoryTerm, true>
        multiple
        options={categories}
        value={selected}
        disabled={disabled || siteId === null}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onChange={(_event, value) => onCategoriesChange(value.map((term) => term.id))}
        renderInput={(params) => (
          <TextField {...params} label="WordPress categories" error={Boolean(error)} helperText={error ?? hint} />
        )}
      />
      <TextField
        select
        label="Author"
        value={authorId ?? ''}
        disabled={disabled || siteId === null}
        onChange={(event) => onAuthorChange(event.target.value === '' ? null : Number(event.target.value))}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">The connected user</MenuItem>
        {authors.map((author) => (
          <MenuItem key={author.id} value={author.id}>
            {author.name || author.slug}
          </MenuItem>
        ))}
        {authorId !== null && !authors.some((a) => a.id === authorId) && (
          <MenuItem value={authorId}>User #{authorId}</MenuItem>
        )}
      </TextField>
    </Box>
  );
}
