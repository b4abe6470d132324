import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Inbox from '@mui/icons-material/Inbox';

/** What a list shows when it has nothing to list: an inbox icon over a sentence. */
export function EmptyState({
  message,
  testId,
  paddingY = 5,
}: {
  message: string;
  testId?: string;
  paddingY?: number;
}) {
  return (
    <Stack
      spacing={1}
      sx={{ alignItems: 'center', py: paddingY, color: 'text.secondary' }}
      data-testid={testId}
    >
      <Inbox fontSize="large" aria-hidden="true" />
      <Typography>{message}</Typography>
    </Stack>
  );
}
