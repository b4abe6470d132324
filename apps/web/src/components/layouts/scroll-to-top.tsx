import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { useTranslation } from '../../lib/i18n/use-translation';

/** SPEC §2: appears after more than 200 px of scroll, scrolls smoothly to the top, not printed. */
export const SCROLL_TOP_THRESHOLD = 200;

export function ScrollToTop() {
  const { t } = useTranslation();
  const visible = useScrollTrigger({ disableHysteresis: true, threshold: SCROLL_TOP_THRESHOLD });
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="small"
        aria-label={t('nav.scrollToTop')}
        data-testid="scroll-to-top"
        className="no-print"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{
          position: 'fixed',
          bottom: 24,
          insetInlineEnd: 24,
          zIndex: 'appBar',
          '@media print': { display: 'none' },
        }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}
