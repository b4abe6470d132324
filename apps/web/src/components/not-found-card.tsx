import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOff from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router';

/** A details page whose record does not exist (or is not the user's to see), with a way back. */
export function NotFoundCard({
  title,
  text,
  backTo,
  backLabel,
  testId,
}: {
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
          <SearchOff sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden="true" />
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
            {text}
          </Typography>
          <Button component={RouterLink} to={backTo} variant="contained">
            {backLabel}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
