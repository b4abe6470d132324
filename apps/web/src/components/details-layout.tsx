import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { BackToList } from './back-to-list';
import { PageHeader } from './page-header';

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

/**
 * A details page's head: "Back to …" its list (`listPath`), then the record's title with its
 * chips in one row (`title`), a subtitle and the actions (PageHeader).
 */
export function DetailsHeader({
  listPath,
  backLabel,
  title,
  subtitle,
  actions,
}: {
  listPath: string;
  backLabel: string;
  title: ReactNode;
  subtitle: ReactNode;
  actions: ReactNode;
}) {
  return (
    <>
      <BackToList to={listPath} label={backLabel} />
      <PageHeader
        title={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {title}
          </Stack>
        }
        subtitle={subtitle}
        actions={actions}
      />
    </>
  );
}
