import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { loyaltySettingsSchema, tierBases, type LoyaltySettings } from '@kopi/contract';
import { useWatch } from 'react-hook-form';
import { halfCell } from '../../../components/form-binding';
import { FormMoneyField, FormNumberField, FormSelectField } from '../../../components/form-fields';
import { SettingsFormCard, useSettingsForm } from '../../../components/settings-form-card';
import { formatMoney } from '../../../lib/formatters';
import { useMembershipStrings } from '../i18n';
import { parsePresets, presetsText } from '../loyalty-values';
import { FormParsedField } from './parsed-text-field';

const resolver = zodResolver(loyaltySettingsSchema);

/**
 * The tenant's wallet and points rules. Money is typed in RM and kept in sen (the contract's
 * unit), so what is saved is exactly what the API takes.
 */
export function LoyaltySettingsCard({
  settings,
  mayUpdate,
  onSave,
}: {
  settings: LoyaltySettings;
  mayUpdate: boolean;
  onSave: (values: LoyaltySettings) => Promise<unknown>;
}) {
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
      id="loyalty-settings-title"
      title={t('settings.title')}
      subtitle={t('settings.subtitle')}
      settingsForm={settingsForm}
      mayUpdate={mayUpdate}
      saveLabel={t('settings.save')}
      saveTestId="loyalty-settings-save"
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
      <FormNumberField
        cell={halfCell}
        name="points_expiry_months"
        label={t('settings.expiry')}
        helperText={t('settings.expiryHint')}
        step={1}
        disabled={disabled}
      />
      <FormNumberField
        cell={halfCell}
        name="redeem_points"
        label={t('settings.redeemPoints')}
        step={1}
        disabled={disabled}
      />
      <FormMoneyField
        cell={halfCell}
        name="redeem_value"
        label={t('settings.redeemValue')}
        disabled={disabled}
        slotProps={{ htmlInput: { 'data-testid': 'loyalty-redeem-value' } }}
      />
      <Grid size={12} sx={{ mt: -1 }}>
        <Typography variant="body2" data-testid="loyalty-redeem-rate">
          {t('settings.redeemRate', {
            points: (redeemPoints ?? 0).toLocaleString('en-MY'),
            amount: formatMoney(redeemValue ?? 0),
          })}
        </Typography>
      </Grid>
      <FormMoneyField
        cell={halfCell}
        name="wallet_max_balance"
        label={t('settings.walletMax')}
        helperText={t('settings.walletMaxHint')}
        disabled={disabled}
        slotProps={{ htmlInput: { 'data-testid': 'loyalty-wallet-max' } }}
      />
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
      <FormMoneyField
        cell={halfCell}
        name="adjustment_limit"
        label={t('settings.adjustmentLimit')}
        helperText={t('settings.adjustmentLimitHint')}
        disabled={disabled}
        slotProps={{ htmlInput: { 'data-testid': 'loyalty-adjustment-limit' } }}
      />
    </SettingsFormCard>
  );
}
