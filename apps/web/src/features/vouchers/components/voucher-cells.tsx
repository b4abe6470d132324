import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Voucher, VoucherState } from '@kopi/contract';
import { moneyFallback } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { useCategoryChoices, useProduct } from '../api';
import { useVoucherStrings } from '../i18n';
import { PeriodLines } from '../../../components/period-lines';
import { valueParts, voucherStateOf } from '../voucher-display';

const colours: Record<VoucherState, ChipProps['color']> = {
  active: 'success',
  scheduled: 'info',
  expired: 'default',
  inactive: 'warning',
};

/** Where a voucher stands now: running, scheduled, expired or switched off. */
export function StateChip({ state }: { state: VoucherState }) {
  const { t } = useVoucherStrings();
  return (
    <Chip
      size="small"
      color={colours[state]}
      variant={state === 'active' ? 'filled' : 'outlined'}
      label={t(`state.${state}`)}
      data-testid="voucher-state"
    />
  );
}

/** "20% (max RM 5.00)", "RM 3.00" or "Free: Kopi O", and the minimum spend under it. */
export function ValueCell({ voucher }: { voucher: Voucher }) {
  const { t } = useVoucherStrings();
  const parts = valueParts(voucher);
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="voucher-value">
        {parts.kind === 'percent' &&
          (parts.cap
            ? t('list.percentCapped', { percent: parts.percent, cap: parts.cap })
            : t('list.percent', { percent: parts.percent }))}
        {parts.kind === 'fixed' && parts.amount}
        {parts.kind === 'free_item' &&
          (parts.itemKind === 'category' ? (
            <FreeCategory id={parts.id} />
          ) : (
            <FreeProduct id={parts.id} />
          ))}
      </Typography>
      {voucher.min_spend > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('list.minSpend', { amount: moneyFallback(voucher.min_spend) })}
        </Typography>
      )}
    </Stack>
  );
}

function FreeProduct({ id }: { id: string | null }) {
  const { t } = useVoucherStrings();
  const nameOf = useLocalizedName();
  const product = useProduct(id);
  const item = product.data ? nameOf(product.data.name, product.data.name_my) : '…';
  return t('list.freeProduct', { item });
}

function FreeCategory({ id }: { id: string | null }) {
  const { t } = useVoucherStrings();
  const nameOf = useLocalizedName();
  const category = useCategoryChoices().data?.find((c) => c.id === id);
  const item = category ? nameOf(category.name_en, category.name_my) : '…';
  return t('list.freeCheapest', { item });
}

/** The state chip over the validity window, on the business clock. */
export function ValidityCell({ voucher, timeZone }: { voucher: Voucher; timeZone: string }) {
  const { t } = useVoucherStrings();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <StateChip state={voucherStateOf(voucher)} />
      <PeriodLines
        from={voucher.valid_from}
        until={voucher.valid_until}
        timeZone={timeZone}
        t={t}
      />
    </Stack>
  );
}
