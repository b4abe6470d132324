import Tooltip from '@mui/material/Tooltip';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from '../../lib/i18n/use-translation';
import { liveSocket } from '../../lib/session/session-runtime';
import { useStore } from '../../lib/store';

/** Shown only while the live-order connection is down after its fast retries. */
export function LiveStatus() {
  const { t } = useTranslation();
  const status = useStore(liveSocket.status, (s) => s);
  if (status !== 'offline') return null;
  return (
    <Tooltip title={t('navbar.liveOffline')}>
      <Box
        role="status"
        aria-label={t('navbar.liveOffline')}
        data-testid="live-offline"
        sx={{ display: 'grid', placeItems: 'center', color: 'warning.main', px: 1 }}
      >
        <CloudOffOutlined />
      </Box>
    </Tooltip>
  );
}
