import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link as RouterLink } from 'react-router';
import { AppLogo } from '../../../components/app-logo';

/**
 * The blank-layout page shared by "not found" and "not authorized": `kind` picks its title and
 * message among the shell's `errorPages` strings.
 */
export function StatusPage({
  kind,
  code,
  icon,
  testId,
}: {
  kind: 'notFound' | 'notAuthorized';
  code: string;
  icon: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const title = t(`errorPages.${kind}Title`);
  const message = t(`errorPages.${kind}Message`);
  return (
    <Box
      data-testid={testId}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        textAlign: 'center',
      }}
    >
      <Stack spacing={2.5} sx={{ alignItems: 'center', maxWidth: 520 }}>
        <AppLogo size={40} />
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 96 } }} aria-hidden="true">
          {icon}
        </Box>
        <Typography
          variant="h1"
          component="p"
          sx={{ fontSize: '4.5rem', lineHeight: 1, color: 'text.secondary' }}
        >
          {code}
        </Typography>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{message}</Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t('common.backToHome')}
        </Button>
      </Stack>
    </Box>
  );
}
