import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { loyaltySettingsSchema, tierBases, type LoyaltySettings } from '@kopi/contract';
import { useWatch } from 'react-hook-form';
import { halfCell } from '../../../components/form-binding';
import { FieldTable, type TableField } from '../../../components/field-table';
import { FormSelectField } from '../../../components/form-fields';
import {
  SettingsFormCard,
  useSettingsForm,
  type SettingsCardProps,
} from '../../../components/settings-form-card';
import { formatMoney } from '../../../lib/formatters';
import { useMembershipStrings } from '../i18n';
import { parsePresets, presetsText } from '../loyalty-values';
import { FormParsedField } from './parsed-text-field';

const resolver = zodResolver(loyaltySettingsSchema);

type Key = Parameters<ReturnType<typeof useMembershipStrings>['t']>[0];

const redeemFields: TableField<Key>[] = [
  {
    kind: 'count',
    name: 'points_expiry_months',
    label: 'settings.expiry',
    hint: 'settings.expiryHint',
  },
  { kind: 'count', name: 'redeem_points', label: 'settings.redeemPoints' },
  {
    kind: 'money',
    name: 'redeem_value',
    label: 'settings.redeemValue',
    testId: 'loyalty-redeem-value',
  },
];
const walletFields: TableField<Key>[] = [
  {
    kind: 'money',
    name: 'wallet_max_balance',
    label: 'settings.walletMax',
    hint: 'settings.walletMaxHint',
    testId: 'loyalty-wallet-max',
  },
];
const adjustmentFields: TableField<Key>[] = [
  {
    kind: 'money',
    name: 'adjustment_limit',
    label: 'settings.adjustmentLimit',
    hint: 'settings.adjustmentLimitHint',
    testId: 'loyalty-adjustment-limit',
  },
];

/**
 * The tenant's wallet and points rules. Money is typed in RM and kept in sen (the contract's
 * unit), so what is saved is exactly what the API takes.
 */
export function LoyaltySettingsCard({
  settings,
  mayUpdate,
  onSave,
}: SettingsCardProps<LoyaltySettings>) {
  const { t } = useMembershipStrings();
  const settingsForm = useSettingsForm({
    settings,
    resolver,
    onSave,
    savedMessage: t('settings.saved'),
  });
  const [redeemPoints, redeemValue] = useWatch({
    control: settingsForm.form.control,
    name: ['redeem_points', 'redeem_value'],
  });

  const disabled = !mayUpdate;
  return (
    <SettingsFormCard
      name="loyalty-settings"
      title={t('settings.title')}
      subtitle={t('settings.subtitle')}
      settingsForm={settingsForm}
      mayUpdate={mayUpdate}
      saveLabel={t('settings.save')}
    >
      <FormSelectField
        cell={halfCell}
        name="tier_basis"
        label={t('settings.tierBasis')}
        helperText={t('settings.tierBasisHint')}
        options={tierBases.map((b) => ({ value: b, label: t(`basis.${b}`) }))}
        testId="loyalty-tier-basis"
        disabled={disabled}
      />
      <FieldTable rows={redeemFields} t={t} disabled={disabled} />
      <Grid size={12} sx={{ mt: -1 }}>
        <Typography variant="body2" data-testid="loyalty-redeem-rate">
          {t('settings.redeemRate', {
            points: (redeemPoints ?? 0).toLocaleString('en-MY'),
            amount: formatMoney(redeemValue ?? 0),
          })}
        </Typography>
      </Grid>
      <FieldTable rows={walletFields} t={t} disabled={disabled} />
      <FormParsedField
        cell={halfCell}
        name="topup_presets"
        label={t('settings.presets')}
        helperText={t('settings.presetsHint')}
        format={presetsText}
        parse={parsePresets}
        unreadableMessage={t('settings.presetsUnreadable')}
        disabled={disabled}
        slotProps={{ htmlInput: { 'data-testid': 'loyalty-presets' } }}
      />
      <FieldTable rows={adjustmentFields} t={t} disabled={disabled} />
    </SettingsFormCard>
  );
}
