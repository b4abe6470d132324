import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from '../lib/i18n/use-translation';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** A thin progress bar while a page chunk loads (CSS only: it ships with the sign-in page). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={t('common.loading')}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        overflow: 'hidden',
        zIndex: 'tooltip',
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': {
            animation: 'none',
            width: '100%',
            opacity: 0.6,
          },
        }}
      />
    </Box>
  );
}
