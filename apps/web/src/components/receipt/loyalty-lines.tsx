import Box from '@mui/material/Box';
import type { OrderLoyalty } from '@kopi/contract';
import { useReceiptStrings } from './i18n';
import { PaperLine, PaperRule, receiptAmount } from './receipt-parts';

/** Points earned by the sale and the customer's points and wallet after it. */
export function LoyaltyLines({
  loyalty,
}: {
  loyalty: Pick<OrderLoyalty, 'points_balance' | 'wallet_balance'> & { points_earned?: number };
}) {
  const { t } = useReceiptStrings();
  const points = (n: number) => n.toLocaleString('en-MY');
  return (
    <Box data-testid="receipt-loyalty">
      <PaperRule />
      {loyalty.points_earned !== undefined && (
        <PaperLine label={t('receipt.pointsEarned')} value={points(loyalty.points_earned)} />
      )}
      <PaperLine label={t('receipt.pointsBalance')} value={points(loyalty.points_balance)} />
      <PaperLine
        label={t('receipt.walletBalance')}
        value={`RM ${receiptAmount(loyalty.wallet_balance)}`}
        testId="receipt-wallet-balance"
      />
    </Box>
  );
}
