import Stack from '@mui/material/Stack';
import type { ReferralSettings } from '@kopi/contract';
import { PageHeader } from '../../../components/page-header';
import { SettingsLoader } from '../../../components/settings-loader';
import { useCan } from '../../../lib/can-context';
import { saveReferralSettings, useInvalidateReferrals, useReferralSettings } from '../api';
import { ReferralList } from '../components/referral-list';
import { ReferralSettingsCard } from '../components/referral-settings-card';
import { useReferralStrings } from '../i18n';

/**
 * /customer/referral (read referral): the "invite a friend" rules (update-referral to change
 * them) and every referral with its status.
 */
export function ReferralPage() {
  const { t } = useReferralStrings();
  const can = useCan();
  const settings = useReferralSettings();
  const refresh = useInvalidateReferrals();
  const mayUpdate = can('update', 'referral');
  const save = async (values: ReferralSettings) => {
    await saveReferralSettings(values);
    await refresh();
  };

  return (
    <Stack spacing={3}>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <SettingsLoader query={settings} errorText={t('settings.error')} height={280}>
        {(data) => <ReferralSettingsCard settings={data} mayUpdate={mayUpdate} onSave={save} />}
      </SettingsLoader>
      <ReferralList />
    </Stack>
  );
}
