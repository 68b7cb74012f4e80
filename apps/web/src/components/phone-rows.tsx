import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/** Whether the window is a phone's (below `sm`, 600 px), where a table of many columns cannot fit. */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

export interface PhoneRow {
  key: string | number;
  /** The row's headline (its first column). */
  title: ReactNode;
  /** The other columns, each with its header as label. */
  facts: readonly { label: string; value: ReactNode }[];
}

/**
 * A table's rows as a list of blocks on a phone (issue #17 item 17): each row's first column as a
 * headline and the other columns as "Label: value" lines, so nothing scrolls sideways.
 */
export function PhoneRows({ label, rows }: { label: string; rows: readonly PhoneRow[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row.key}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
        >
          <Typography variant="body2" fontWeight={600} component="div">
            {row.title}
          </Typography>
          {row.facts.map((fact) => (
            <Typography key={fact.label} variant="body2" component="div">
              <Box component="span" sx={{ color: 'text.secondary' }}>{`${fact.label}: `}</Box>
              {fact.value}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
