import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A page's heading (the one h1), a line of explanation, and its main actions. The actions sit
 * on the right while there is room and move under the title as a whole when there is not.
 * `aside` takes their place where the page lays out its own controls (the order board); a
 * `large` title is read from across a room.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  aside,
  large,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
  large?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'flex-end',
        justifyContent: 'space-between',
      }}
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography
          variant="h3"
          component="h1"
          sx={large ? { fontSize: '2.25rem', fontWeight: 700 } : undefined}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && (
        <Stack
          direction="row"
          spacing={1}
          sx={{
            // Shrinks to the line it has and wraps its buttons (on a phone none is cut off).
            flex: '0 1 auto',
            minWidth: 0,
            maxWidth: '100%',
            flexWrap: 'wrap',
            gap: 1,
            '& > *': { m: 0, whiteSpace: 'nowrap' },
          }}
        >
          {actions}
        </Stack>
      )}
      {aside}
    </Box>
  );
}
