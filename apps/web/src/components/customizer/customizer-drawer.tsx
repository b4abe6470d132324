import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import RestartAlt from '@mui/icons-material/RestartAlt';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from '../../lib/i18n/use-translation';
import { resetLayoutSettings } from '../../lib/settings/settings-store';
import { LayoutSettingsForm } from './layout-settings-form';

export function CustomizerDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('customizer.open')} placement="left">
        {/* A narrow tab on the window's edge: a round button over the content covered row
            actions and board cards. */}
        <IconButton
          onClick={() => setOpen(true)}
          aria-label={t('customizer.open')}
          data-testid="customizer-toggle"
          className="no-print"
          sx={{
            position: 'fixed',
            insetInlineEnd: 0,
            top: '50%',
            transform: 'translateY(-50%)',
            zIndex: 'appBar',
            width: 28,
            height: 36,
            p: 0,
            borderRadius: 0,
            borderStartStartRadius: 8,
            borderEndStartRadius: 8,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            boxShadow: 2,
            '&:hover': { bgcolor: 'primary.dark' },
          }}
        >
          <SettingsOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            sx: { width: { xs: '100%', sm: 375 } },
            role: 'dialog',
            'aria-labelledby': 'customizer-title',
            'data-testid': 'customizer',
          } as object,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 2.5 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography id="customizer-title" variant="h5" component="h2">
              {t('customizer.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('customizer.subtitle')}
            </Typography>
          </Box>
          <Tooltip title={t('customizer.reset')}>
            <IconButton
              onClick={resetLayoutSettings}
              aria-label={t('customizer.reset')}
              data-testid="customizer-reset"
            >
              <RestartAlt />
            </IconButton>
          </Tooltip>
          <IconButton onClick={() => setOpen(false)} aria-label={t('common.close')}>
            <Close />
          </IconButton>
        </Box>
        <Divider />
        <Box sx={{ p: 2.5, overflowY: 'auto' }}>
          <Typography variant="overline" component="p" sx={{ mb: 2 }}>
            {t('customizer.theming')} · {t('customizer.layout')}
          </Typography>
          <LayoutSettingsForm />
        </Box>
      </Drawer>
    </>
  );
}
