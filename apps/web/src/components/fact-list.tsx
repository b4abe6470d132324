import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Labelled facts of a record, label beside value (a description list). */
export function FactList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}
    >
      {children}
    </Box>
  );
}

/** A labelled fact: its label, its value, and the value's test id. */
export interface FactProps {
  label: string;
  children: ReactNode;
  testId?: string;
}

/** One fact of a FactList. */
export function Fact({ label, children, testId }: FactProps) {
  return (
    <Box component="div" sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}
