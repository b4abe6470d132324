import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PricingResult } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import { usePosStrings } from '../i18n';

function TotalRow({
  label,
  value,
  testId,
  strong,
  hint,
}: {
  label: string;
  value: number;
  testId: string;
  strong?: boolean;
  hint?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        typography: strong ? 'h6' : 'body2',
        fontWeight: strong ? 700 : undefined,
        color: strong ? 'text.primary' : 'text.secondary',
      }}
      title={hint}
    >
      <span>{label}</span>
      <span data-testid={testId}>{formatMoney(value)}</span>
    </Box>
  );
}

/**
 * The cart's live totals, charge by charge; the delivery fee only for a delivery. The voucher's
 * line (cart-voucher.tsx) shows its own discount; the discount row here is the manual one.
 */
export function CartTotals({
  totals,
  delivery,
  nonCashTotal,
  discountLabel = null,
  discountOver = false,
  discountNeedsApproval = false,
  voucherLine = null,
}: {
  totals: PricingResult | null;
  delivery: boolean;
  /** The total without cash rounding, shown when it differs. */
  nonCashTotal: number | null;
  /** The manual discount's line ("Discount (Staff meal)"), or null without one. */
  discountLabel?: string | null;
  /** The discount is more than the tenant's maximum of this subtotal now. */
  discountOver?: boolean;
  /** The discount is given with a manager's PIN when the sale is paid. */
  discountNeedsApproval?: boolean;
  /** The voucher's line, right under the subtotal it comes off first. */
  voucherLine?: ReactNode;
}) {
  const { t } = usePosStrings();
  return (
    <Box sx={{ px: 1.5, pt: 1 }} aria-label={t('cart.total')} role="group">
      <TotalRow label={t('cart.subtotal')} value={totals?.subtotal ?? 0} testId="pos-subtotal" />
      {voucherLine}
      {discountLabel && (
        <TotalRow
          label={discountLabel}
          value={-(totals?.manual_discount ?? 0)}
          testId="pos-discount-total"
        />
      )}
      {discountLabel && discountNeedsApproval && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          data-testid="pos-discount-approval"
        >
          {t('discount.needsApproval')}
        </Typography>
      )}
      {discountOver && (
        <Typography variant="caption" color="error" component="p" role="alert">
          {t('discount.overNow')}
        </Typography>
      )}
      <TotalRow
        label={t('cart.serviceCharge')}
        value={totals?.service_charge ?? 0}
        testId="pos-service-charge"
      />
      <TotalRow label={t('cart.sst')} value={totals?.service_tax ?? 0} testId="pos-sst" />
      {delivery && (
        <TotalRow
          label={t('cart.deliveryFeeLine')}
          value={totals?.delivery_fee ?? 0}
          testId="pos-delivery-fee"
        />
      )}
      <TotalRow
        label={t('cart.rounding')}
        value={totals?.rounding ?? 0}
        testId="pos-rounding"
        hint={t('cart.roundingHint')}
      />
      <TotalRow label={t('cart.total')} value={totals?.total ?? 0} testId="pos-total" strong />
      {nonCashTotal !== null && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ textAlign: 'end' }}
        >
          {t('cart.nonCashTotal', { amount: formatMoney(nonCashTotal) })}
        </Typography>
      )}
    </Box>
  );
}
