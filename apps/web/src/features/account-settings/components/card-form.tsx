import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';

/** A form inside an account card: its fields in a grid, the submit button under them. */
export function CardForm({
  label,
  onSubmit,
  busy,
  submitLabel,
  submitTestId,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  busy: boolean;
  submitLabel: string;
  submitTestId: string;
  /** Grid items. */
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={label}>
      <Grid container spacing={2.5}>
        {children}
        <Grid size={12}>
          <Button type="submit" variant="contained" loading={busy} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </Grid>
      </Grid>
    </form>
  );
}
