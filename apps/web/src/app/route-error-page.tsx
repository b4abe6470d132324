import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../lib/i18n/use-translation';
import { forgetReload } from '../lib/chunk-reload';

/** The friendly error shown when a page cannot be loaded even after the automatic reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      data-testid="route-error"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography variant="h1" component="h1">
        {t('errorPages.chunkTitle')}
      </Typography>
      <Typography color="text.secondary">{t('errorPages.chunkMessage')}</Typography>
      <Button
        variant="contained"
        onClick={() => {
          forgetReload();
          window.location.reload();
        }}
      >
        {t('common.reload')}
      </Button>
    </Box>
  );
}
