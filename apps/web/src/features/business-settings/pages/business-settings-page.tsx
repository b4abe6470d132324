import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { SettingsLoader } from '../../../components/settings-loader';
import { useCan } from '../../../lib/can-context';
import { saveBusinessSettings, useBusinessSettings, useSetBusinessSettings } from '../api';
import { BusinessSettingsForm } from '../components/business-settings-form';
import { ReceiptLogoCard } from '../components/receipt-logo-card';
import { useBusinessSettingsStrings } from '../i18n';

/**
 * /tenant/business-settings (read business-settings): the tenant's admin sets tax, service
 * charge, rounding, registration numbers, receipt texts and logo and the business day
 * (update-tenant-setting to change them). The tenant is always the signed-in one.
 */
export function BusinessSettingsPage() {
  const { t } = useBusinessSettingsStrings();
  const can = useCan();
  const settings = useBusinessSettings();
  const setSettings = useSetBusinessSettings();
  const mayUpdate = can('update', 'tenant-setting');

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle', { name: settings.data?.business_name ?? '' })}
      />
      <SettingsLoader query={settings} errorText={t('page.error')} height={480}>
        {(data) => (
          <>
            <BusinessSettingsForm
              settings={data}
              mayUpdate={mayUpdate}
              onSave={async (values) => setSettings(await saveBusinessSettings(values))}
            />
            <ReceiptLogoCard settings={data} mayUpdate={mayUpdate} onChange={setSettings} />
          </>
        )}
      </SettingsLoader>
    </Stack>
  );
}
