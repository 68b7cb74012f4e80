import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A job page's figures (issue #37 point 2: trend checks, SEO publish runs) as a description list:
 * each label above its value, wrapping on a phone.
 */
export function JobFacts({ facts }: { facts: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', gap: 3, m: 0, mt: 1.5 }}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0 }}>
            {value}
          </Typography>
        </div>
      ))}
    </Stack>
  );
}
