import Stack from '@mui/material/Stack';
import type { LoyaltySettings, MembershipTier } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { SettingsLoader } from '../../../components/settings-loader';
import { useConfirmedDelete } from '../../../components/list-page/use-confirmed-delete';
import { useFormEditor } from '../../../components/list-page/use-entity-editor';
import { useCan } from '../../../lib/can-context';
import {
  createTier,
  deleteTier,
  saveLoyaltySettings,
  updateTier,
  useInvalidateMembership,
  useLoyaltySettings,
  useTiers,
} from '../api';
import { LoyaltySettingsCard } from '../components/loyalty-settings-card';
import { TierDrawer } from '../components/tier-drawer';
import { TiersCard } from '../components/tiers-card';
import { useMembershipStrings } from '../i18n';

/**
 * /customer/membership (read membership): the tiers with their members, and the tenant's wallet
 * and points rules. Tiers need create-, update- or delete-membership; the rules update-membership.
 */
export function MembershipPage() {
  const { t, language } = useMembershipStrings();
  const can = useCan();
  const tiers = useTiers();
  const settings = useLoyaltySettings();
  const refresh = useInvalidateMembership();
  const editor = useFormEditor<MembershipTier, Parameters<typeof createTier>[0]>(
    createTier,
    updateTier,
    refresh,
    t,
  );
  const removal = useConfirmedDelete<MembershipTier>({
    remove: (tier) => deleteTier(tier.id),
    refresh,
    doneMessage: t('tiers.deleted'),
  });
  const basis = settings.data?.tier_basis ?? 'points';
  const mayUpdate = can('update', 'membership');
  const save = async (values: LoyaltySettings) => {
    await saveLoyaltySettings(values);
    await refresh();
  };
  const nameOf = (tier: MembershipTier) => (language === 'my' ? tier.name_my : tier.name_en);

  return (
    <Stack spacing={3}>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <TiersCard
        tiers={tiers.data ?? []}
        basis={basis}
        loading={tiers.isPending || settings.isPending}
        failed={tiers.isError}
        onRetry={() => void tiers.refetch()}
        mayCreate={can('create', 'membership')}
        mayUpdate={mayUpdate}
        mayDelete={can('delete', 'membership')}
        onAdd={editor.openCreate}
        onEdit={editor.openEdit}
        onDelete={removal.ask}
      />
      <SettingsLoader query={settings} errorText={t('settings.error')} height={320}>
        {(data) => <LoyaltySettingsCard settings={data} mayUpdate={mayUpdate} onSave={save} />}
      </SettingsLoader>

      <TierDrawer {...editor.form} tier={editor.record} basis={basis} />
      <ConfirmDialog
        open={Boolean(removal.target)}
        title={t('tiers.deleteTitle')}
        message={
          removal.target
            ? t('tiers.deleteMessage', {
                name: nameOf(removal.target),
                count: removal.target.members,
              })
            : undefined
        }
        confirmLabel={removal.target ? t('tiers.delete', { name: nameOf(removal.target) }) : ''}
        confirmColor="error"
        onConfirm={removal.confirm}
        onClose={removal.cancel}
      />
    </Stack>
  );
}
