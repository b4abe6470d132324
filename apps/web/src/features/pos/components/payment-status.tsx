import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../lib/formatters';
import { usePosStrings } from '../i18n';
import type { PaymentProblem } from '../payment';

export type SendStatus =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'retrying'; attempt: number; total: number }
  | { kind: 'unconfirmed' }
  | { kind: 'refused'; messages: string[] };

type T = ReturnType<typeof usePosStrings>['t'];

export function paymentProblemText(t: T, p: PaymentProblem): string {
  switch (p.kind) {
    case 'overpaid':
      return t('payment.problems.overpaid', { amount: formatMoney(p.by) });
    case 'amountMissing':
      return t('payment.problems.amountMissing');
    case 'amountTooHigh':
      return t('payment.problems.amountTooHigh', { amount: formatMoney(p.due) });
    case 'tenderedMissing':
      return t('payment.problems.tenderedMissing');
    case 'tenderedShort':
      return t('payment.problems.tenderedShort', { amount: formatMoney(p.amount) });
    case 'tenderedTooHigh':
      return t('payment.problems.tenderedTooHigh', { amount: formatMoney(p.max) });
    case 'referenceMissing':
      return t('payment.problems.referenceMissing');
    case 'walletCodeMissing':
      return t('payment.problems.walletCodeMissing');
    case 'walletOtherCustomer':
      return t('payment.problems.walletOtherCustomer', { name: p.name });
    case 'walletShort':
      return t('payment.problems.walletShort', { amount: formatMoney(p.balance) });
    case 'stillDue':
      return t('payment.problems.stillDue', { amount: formatMoney(p.due) });
  }
}

/** How sending the sale goes: recording, retrying, unconfirmed, refused (and why). */
export function PaymentStatus({
  status,
  outsideHours,
}: {
  status: SendStatus;
  outsideHours: boolean;
}) {
  const { t } = usePosStrings();
  return (
    <Box aria-live="polite">
      {status.kind === 'sending' && <Alert severity="info">{t('payment.sending')}</Alert>}
      {status.kind === 'retrying' && (
        <Alert severity="warning" data-testid="pos-retrying">
          {t('payment.retrying', { attempt: status.attempt, total: status.total })}
        </Alert>
      )}
      {status.kind === 'unconfirmed' && (
        <Alert severity="error" data-testid="pos-unconfirmed">
          {t('payment.unconfirmed')}
        </Alert>
      )}
      {status.kind === 'refused' && (
        <Alert severity="error" data-testid="pos-sale-error">
          {status.messages.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      {outsideHours && status.kind === 'idle' && (
        <Typography variant="body2" color="warning.dark">
          {t('payment.outsideHours')}
        </Typography>
      )}
    </Box>
  );
}
