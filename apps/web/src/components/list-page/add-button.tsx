import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';

/** A list page's "Add …" button in its header: opens a form (`onClick`) or goes to one (`to`). */
export function AddButton({
  label,
  onClick,
  to,
  testId,
}: {
  label: string;
  onClick?: () => void;
  to?: string;
  testId: string;
}) {
  return to ? (
    <Button
      component={RouterLink}
      to={to}
      variant="contained"
      startIcon={<Add />}
      data-testid={testId}
    >
      {label}
    </Button>
  ) : (
    <Button variant="contained" startIcon={<Add />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
