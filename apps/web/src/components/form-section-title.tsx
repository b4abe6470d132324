import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A form's section heading across its grid, with an optional hint under it. */
export function FormSectionTitle({ title, hint }: { title: ReactNode; hint?: ReactNode }) {
  return (
    <Grid size={12}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {hint !== undefined && <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText>}
    </Grid>
  );
}
