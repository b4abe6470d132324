import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { referralRewardKinds, referralSettingsSchema, type ReferralSettings } from '@kopi/contract';
import { useWatch, type Control } from 'react-hook-form';
import {
  FormMoneyField,
  FormNumberField,
  FormSelectField,
  FormSwitchField,
} from '../../../components/form-fields';
import {
  SettingsFormCard,
  useSettingsForm,
  type SettingsCardProps,
} from '../../../components/settings-form-card';
import { FlagLabel } from '../../../components/status-label';
import { useReferralStrings } from '../i18n';

const resolver = zodResolver(referralSettingsSchema);
const rewardCell = { xs: 12, sm: 6 };

/** One side's reward: its kind, and its amount in RM (wallet credit) or in points. */
function RewardFields({
  control,
  who,
  disabled,
}: {
  control: Control<ReferralSettings>;
  who: 'referrer' | 'referee';
  disabled: boolean;
}) {
  const { t } = useReferralStrings();
  const kind = useWatch({ control, name: `${who}_reward_kind` });
  const amount = {
    cell: rewardCell,
    name: `${who}_reward_amount` as const,
    disabled,
  };
  return (
    <>
      <Grid size={12}>
        <Typography variant="subtitle2" component="h3">
          {t(`settings.${who}`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`settings.${who}Hint`)}
        </Typography>
      </Grid>
      <FormSelectField
        cell={rewardCell}
        name={`${who}_reward_kind`}
        label={t('settings.rewardKind')}
        options={referralRewardKinds.map((k) => ({ value: k, label: t(`rewardKind.${k}`) }))}
        testId={`referral-${who}-kind`}
        disabled={disabled}
      />
      {kind === 'wallet' ? (
        <FormMoneyField
          {...amount}
          label={t('settings.walletAmount')}
          slotProps={{ htmlInput: { 'data-testid': `referral-${who}-amount` } }}
        />
      ) : (
        <FormNumberField {...amount} label={t('settings.pointsAmount')} step={1} />
      )}
    </>
  );
}

/** Referral rules: on or off, each side's reward, and the first order that earns them. */
export function ReferralSettingsCard({
  settings,
  mayUpdate,
  onSave,
}: SettingsCardProps<ReferralSettings>) {
  const { t } = useReferralStrings();
  const settingsForm = useSettingsForm({
    settings,
    resolver,
    onSave,
    savedMessage: t('settings.saved'),
  });
  const { control } = settingsForm.form;

  const disabled = !mayUpdate;
  return (
    <SettingsFormCard
      name="referral-settings"
      title={t('settings.title')}
      settingsForm={settingsForm}
      mayUpdate={mayUpdate}
      saveLabel={t('settings.save')}
    >
      <Grid size={12}>
        {mayUpdate ? (
          <FormSwitchField
            name="enabled"
            label={t('settings.enabled')}
            helperText={t('settings.enabledHint')}
            testId="referral-enabled"
          />
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography>{t('settings.enabled')}</Typography>
            <FlagLabel on={settings.enabled} kind="enabled" />
          </Stack>
        )}
      </Grid>
      <RewardFields control={control} who="referrer" disabled={disabled} />
      <RewardFields control={control} who="referee" disabled={disabled} />
      <FormMoneyField
        cell={rewardCell}
        name="min_order"
        label={t('settings.minOrder')}
        helperText={t('settings.minOrderHint')}
        disabled={disabled}
        slotProps={{ htmlInput: { 'data-testid': 'referral-min-order' } }}
      />
    </SettingsFormCard>
  );
}
