import { ScheduleFields } from '../../../components/schedule-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { rewardInputSchema, type Reward, type RewardParsed } from '@kopi/contract';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import { NameFields, nameFieldsOf } from '../../../components/entity-drawer/named-entity-drawer';
import {
  useEntityForm,
  type DrawerFormProps,
} from '../../../components/entity-drawer/use-entity-form';
import { halfCell } from '../../../components/form-binding';
import { FormNumberField, FormSelectField } from '../../../components/form-fields';
import { FormUniqueVoucherField } from '../../../components/form-unique-voucher-field';

import { useLocalizedName } from '../../../lib/localized-name';
import { useUniqueVouchers } from '../api';
import { useRewardStrings } from '../i18n';
import { blankReward, rewardValuesOf, type RewardFormValues } from '../reward-input';

const fields = Object.keys(blankReward()) as (keyof RewardFormValues)[];

/** Refusals (409) about one field, shown on it as well as in the toast. */
const refusedFields: Record<string, keyof RewardFormValues> = {
  reward_voucher_not_unique: 'voucher_id',
  reward_stock_below_issued: 'stock',
};

/**
 * Create or edit a points reward in a side drawer: the voucher of unique codes it gives, its
 * names, points price, stock, when it is offered, its place in the app and its status. The
 * contract's schema checks it before it is sent, and says why in the field it concerns.
 */
export function RewardDrawer({
  reward,
  timeZone,
  ...drawer
}: DrawerFormProps<RewardParsed> & {
  reward: Reward | null;
  timeZone: string;
}) {
  const { t } = useRewardStrings();
  const nameOf = useLocalizedName();
  const vouchers = useUniqueVouchers();
  const { frame } = useEntityForm<Reward, RewardFormValues, RewardParsed>({
    ...drawer,
    record: reward,
    blank: blankReward(),
    valuesOf: rewardValuesOf,
    resolver: zodResolver(rewardInputSchema),
    fields,
    refusedFields,
  });
  const options = (vouchers.data ?? []).map((v) => ({
    value: v.id,
    label: nameOf(v.name_en, v.name_my),
  }));
  // A saved reward's voucher stays choosable even when it is not among the newest hundred.
  if (reward && !options.some((o) => o.value === reward.voucher_id)) {
    options.unshift({
      value: reward.voucher_id,
      label: nameOf(reward.voucher_name_en, reward.voucher_name_my),
    });
  }

  return (
    <EntityDrawer
      name="reward"
      title={reward ? t('form.editTitle') : t('form.createTitle')}
      width={560}
      {...frame}
    >
      <FormUniqueVoucherField
        options={options}
        loaded={vouchers.isSuccess}
        t={t}
        testId="reward-voucher"
      />
      <NameFields names={nameFieldsOf(t)} />
      <FormNumberField
        cell={halfCell}
        name="points_price"
        label={t('form.price')}
        helperText={t('form.priceHint')}
        step={1}
      />
      <FormNumberField
        cell={halfCell}
        name="stock"
        label={t('form.stock')}
        helperText={t('form.stockHint')}
        step={1}
      />
      <ScheduleFields<RewardFormValues>
        from="starts_at"
        until="ends_at"
        timeZone={timeZone}
        t={t}
        untilHint={t('form.untilHint')}
        testIds={['reward-from', 'reward-until']}
      />
      <FormNumberField
        cell={halfCell}
        name="sort_order"
        label={t('form.sortOrder')}
        helperText={t('form.sortOrderHint')}
        step={1}
      />
      <FormSelectField
        cell={halfCell}
        name="status"
        label={t('form.status')}
        testId="reward-status"
        options={[
          { value: 'active', label: t('status.active') },
          { value: 'inactive', label: t('status.inactive') },
        ]}
      />
    </EntityDrawer>
  );
}
