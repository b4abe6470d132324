import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A form's section heading across its grid, with an optional hint under it. A `major` one heads a
 * long form's main parts (larger, bold).
 */
export function FormSectionTitle({
  title,
  hint,
  major,
}: {
  title: ReactNode;
  hint?: ReactNode;
  major?: boolean;
}) {
  return (
    <Grid size={12}>
      {major ? (
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      ) : (
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
      )}
      {hint !== undefined && <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText>}
    </Grid>
  );
}
