import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
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

  return (
    <Stack spacing={3}>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {settings.isError ? (
        <RetryAlert onRetry={() => void settings.refetch()}>{t('settings.error')}</RetryAlert>
      ) : settings.data ? (
        <ReferralSettingsCard
          settings={settings.data}
          mayUpdate={can('update', 'referral')}
          onSave={async (values) => {
            await saveReferralSettings(values);
            await refresh();
          }}
        />
      ) : (
        <Skeleton variant="rounded" height={280} />
      )}
      <ReferralList />
    </Stack>
  );
}
