import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/**
 * A details page's body: the main cards in a wide column, the facts beside them from 1280 px.
 * Below, the facts follow the main cards: on a tablet beside the menu a third of the width left
 * the main cards' tables too narrow.
 */
export function DetailsColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Stack spacing={3}>{main}</Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Stack spacing={3}>{side}</Stack>
      </Grid>
    </Grid>
  );
}

/** The header's print action (a receipt, a slip). */
export function PrintButton({
  label,
  onClick,
  testId,
}: {
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button variant="outlined" startIcon={<Print />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
