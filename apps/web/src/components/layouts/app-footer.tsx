import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n/use-translation';

/** SPEC §4: a static footer. */
export function AppFooter({ maxWidth }: { maxWidth?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      data-testid="footer"
      sx={{ px: 3, py: 2, '@media print': { display: 'none' } }}
    >
      <Box
        sx={{
          mx: 'auto',
          maxWidth,
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          gap: 1,
          color: 'text.secondary',
        }}
      >
        <Typography variant="body2">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
        <Typography variant="body2">{t('footer.tagline')}</Typography>
      </Box>
    </Box>
  );
}
