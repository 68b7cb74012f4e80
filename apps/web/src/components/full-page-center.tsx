import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Centres its content in the whole window (start-up, session check, start failure). */
export function FullPageCenter({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
      }}
    >
      {children}
    </Box>
  );
}
