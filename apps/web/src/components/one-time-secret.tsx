import Box from '@mui/material/Box';

/** A secret shown once (a generated password), set apart and selected whole on a click. */
export function OneTimeSecret({
  value,
  testId,
}: {
  value: string | null | undefined;
  testId: string;
}) {
  return (
    <Box
      component="code"
      data-testid={testId}
      sx={{
        display: 'block',
        mt: 2,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontSize: '1.1rem',
        letterSpacing: 1,
        userSelect: 'all',
      }}
    >
      {value}
    </Box>
  );
}
