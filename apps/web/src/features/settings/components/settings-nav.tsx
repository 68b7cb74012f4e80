import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** The Settings page's sections, in page order: their card ids and headings. */
export const SETTINGS_SECTIONS = [
  { id: 'llm-settings', title: 'Language model' },
  { id: 'fallbacks', title: 'Fallback providers' },
  { id: 'model-prices', title: 'Model prices' },
  { id: 'budgets', title: 'Budgets' },
  { id: 'trend-settings', title: 'Trends' },
  { id: 'notifications', title: 'Notifications' },
  { id: 'mcp-tokens', title: 'Assistants (MCP)' },
] as const;

function goTo(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  // The hash names the section, so the address can be shared and the browser's Back returns.
  window.history.replaceState(window.history.state, '', `#${id}`);
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/**
 * Issue #37 point 7: the long Settings page gets a section navigation. Anchors in a column that
 * stays in view on wide screens; a select on phones, where a column has no room.
 */
export function SettingsNav({ wide }: { wide: boolean }) {
  if (!wide)
    return (
      <TextField
        select
        size="small"
        label="Go to section"
        value=""
        onChange={(event) => goTo(event.target.value)}
        fullWidth
        sx={{ mb: 2 }}
      >
        {SETTINGS_SECTIONS.map((section) => (
          <MenuItem key={section.id} value={section.id}>
            {section.title}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <Box component="nav" aria-label="Settings sections" sx={{ position: 'sticky', top: 88 }}>
      <Typography variant="overline" component="p" color="text.secondary">
        On this page
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {SETTINGS_SECTIONS.map((section) => (
          <Box component="li" key={section.id} sx={{ py: 0.5 }}>
            <Link
              href={`#${section.id}`}
              underline="hover"
              onClick={(event) => {
                event.preventDefault();
                goTo(section.id);
              }}
            >
              {section.title}
            </Link>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
