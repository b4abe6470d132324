import { useState } from 'react';
import UploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BusinessSettings } from '@kopi/contract';
import { useFilePicker } from '../../../components/file-picker';
import { SectionCard } from '../../../components/section-card';
import { toast } from '../../../lib/toasts';
import { removeReceiptLogo, uploadReceiptLogo } from '../api';
import { useBusinessSettingsStrings } from '../i18n';

// The receipt logo: shown as it prints, uploaded on its own (the server checks the file by its
// content and answers the settings with the new logo).

const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function ReceiptLogoCard({
  settings,
  mayUpdate,
  onChange,
}: {
  settings: BusinessSettings;
  mayUpdate: boolean;
  onChange: (settings: BusinessSettings) => void;
}) {
  const { t } = useBusinessSettingsStrings();
  const [busy, setBusy] = useState(false);
  const logo = settings.receipt_logo_url;

  const run = async (work: () => Promise<BusinessSettings>, done: string) => {
    setBusy(true);
    try {
      onChange(await work());
      toast.success(done);
    } catch {
      // The HTTP client has shown the server's reason (wrong type, too large).
    } finally {
      setBusy(false);
    }
  };
  const picker = useFilePicker({
    accept: LOGO_TYPES.join(','),
    label: t('logo.upload'),
    testId: 'receipt-logo-input',
    onFile: (file) => void run(() => uploadReceiptLogo(file), t('logo.uploaded')),
  });

  return (
    <SectionCard id="receipt-logo-title" title={t('logo.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 200,
            height: 100,
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#fff',
          }}
        >
          {logo ? (
            <Box
              component="img"
              src={logo}
              alt={t('logo.alt', { name: settings.business_name })}
              data-testid="receipt-logo-preview"
              sx={{ maxWidth: 180, maxHeight: 90 }}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('logo.none')}
            </Typography>
          )}
        </Box>
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('logo.hint')}
          </Typography>
          {mayUpdate && (
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                startIcon={<UploadOutlined />}
                loading={busy}
                onClick={picker.open}
              >
                {logo ? t('logo.replace') : t('logo.upload')}
              </Button>
              {logo && (
                <Button
                  variant="outlined"
                  color="error"
                  disabled={busy}
                  onClick={() => void run(removeReceiptLogo, t('logo.removed'))}
                >
                  {t('logo.remove')}
                </Button>
              )}
              {picker.input}
            </Stack>
          )}
        </Stack>
      </Stack>
    </SectionCard>
  );
}
