import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useLocation } from 'react-router';

/**
 * "Back to …" above a details page. A list opening a row passes its query string along
 * (`state.listSearch`), so going back shows the list with the same filters and page.
 */
export function BackToList({ to, label }: { to: string; label: string }) {
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';
  return (
    <Box>
      <Button
        component={RouterLink}
        to={`${to}${listSearch}`}
        startIcon={<ArrowBack />}
        color="inherit"
        size="small"
      >
        {label}
      </Button>
    </Box>
  );
}
