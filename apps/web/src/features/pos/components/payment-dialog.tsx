import type { KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  type CounterPaymentMethod,
  counterPaymentMethods,
  type PaymentMethod,
} from '@kopi/contract';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/formatters';
import { usePosStrings } from '../i18n';
import {
  defaultAmount,
  type PaymentEntry,
  type PaymentPart,
  type PaymentView,
  type WalletCheck,
} from '../payment';
import { CashEntry } from './cash-entry';
import { PaymentStatus, paymentProblemText, type SendStatus } from './payment-status';
import { PaymentTaken } from './payment-taken';
import { WalletEntry } from './wallet-entry';

export type { SendStatus } from './payment-status';

/**
 * Cash (quick amounts, exact, change), card and e-wallets with a reference, the customer's Kopi
 * wallet with their payment code, split bills.
 */
export function PaymentDialog({
  open,
  view,
  parts,
  entry,
  onEntryChange,
  onAddPart,
  onRemovePart,
  onWalletChecked,
  status,
  outsideHours,
  onConfirm,
  onClose,
}: {
  open: boolean;
  view: PaymentView | null;
  parts: PaymentPart[];
  entry: PaymentEntry;
  onEntryChange: (entry: PaymentEntry) => void;
  onAddPart: () => void;
  onRemovePart: (index: number) => void;
  /** A wallet payment code was checked: an earlier refusal no longer stands. */
  onWalletChecked: () => void;
  status: SendStatus;
  outsideHours: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  const busy = status.kind === 'sending' || status.kind === 'retrying';
  const methodName = (m: PaymentMethod) => t(`payment.methods.${m}`);
  const set = (changes: Partial<PaymentEntry>) => onEntryChange({ ...entry, ...changes });
  // One wallet payment a sale: a code pays once.
  const walletTaken = parts.some((p) => p.method === 'wallet');
  const setWallet = (wallet: WalletCheck | null) => {
    // The amount follows the new balance until the cashier types one.
    set({ wallet, amount: null });
    if (wallet) onWalletChecked();
  };
  const confirm = () => {
    if (!busy && view?.canConfirm) onConfirm();
  };
  // Enter confirms from anywhere in the panel (a quick-cash button just tapped included), except
  // on the buttons and fields that do something else with it. A wallet short of the bill is
  // taken as a part instead, so scan, Enter, then the cash for the rest.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    if (target.closest('[data-enter="own"]') || target.tagName === 'TEXTAREA') return;
    e.preventDefault();
    if (!busy && entry.method === 'wallet' && !view?.canConfirm && view?.canAddPart) onAddPart();
    else confirm();
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="pos-payment-title"
      slotProps={{ paper: { 'data-testid': 'pos-payment', onKeyDown } as object }}
    >
      <DialogTitle
        id="pos-payment-title"
        sx={{ display: 'flex', alignItems: 'baseline', gap: 2, pb: 1 }}
      >
        <span>{t('payment.title')}</span>
        {view && (
          <Typography
            component="span"
            variant="h5"
            sx={{ ml: 'auto', fontWeight: 700 }}
            data-testid="pos-payment-total"
          >
            {formatMoney(view.totals.total)}
          </Typography>
        )}
      </DialogTitle>
      {view && view.totals.rounding !== 0 && (
        // The rounding line of a cash bill, where the cashier counts the money.
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ px: 3, pb: 1, textAlign: 'end' }}
          data-testid="pos-payment-rounding"
        >
          {t('payment.roundingLine', {
            amount: formatMoney(view.totals.rounding),
            unrounded: formatMoney(view.totals.total - view.totals.rounding),
          })}
        </Typography>
      )}
      <DialogContent dividers sx={{ pt: 1.5 }}>
        {view && (
          <Stack spacing={2}>
            {parts.length > 0 && (
              <PaymentTaken
                parts={parts}
                remaining={view.remaining}
                busy={busy}
                onRemovePart={onRemovePart}
              />
            )}

            <ToggleButtonGroup
              exclusive
              color="primary"
              value={entry.method}
              onChange={(_, method: CounterPaymentMethod | null) => {
                if (method) set({ method, tendered: method === 'cash' ? entry.tendered : null });
              }}
              aria-label={t('payment.method')}
              disabled={busy}
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(4, 1fr)',
                gap: 1,
                '& .MuiToggleButtonGroup-grouped': {
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  m: 0,
                },
              }}
            >
              {counterPaymentMethods.map((m) => (
                <ToggleButton
                  key={m}
                  value={m}
                  disabled={m === 'wallet' && walletTaken}
                  sx={{ minHeight: 48, textTransform: 'none' }}
                  data-testid={`pos-method-${m}`}
                >
                  {methodName(m)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>

            {entry.method === 'cash' && (
              <CashEntry entry={entry} view={view} busy={busy} onChange={set} />
            )}
            {entry.method === 'wallet' && (
              <WalletEntry wallet={entry.wallet} busy={busy} onChecked={setWallet} />
            )}
            {entry.method !== 'cash' && entry.method !== 'wallet' && (
              <TextField
                label={t('payment.reference')}
                value={entry.reference}
                onChange={(e) => set({ reference: e.target.value.slice(0, 80) })}
                required
                disabled={busy}
                autoFocus
                slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'pos-reference' } }}
              />
            )}

            {(entry.method !== 'wallet' || entry.wallet) && (
              <MoneyInput
                label={entry.method === 'wallet' ? t('wallet.pays') : t('payment.amount')}
                helperText={t('payment.amountHint')}
                value={entry.amount ?? view.amount}
                onChange={(sen) =>
                  set({
                    amount:
                      sen === null || sen === defaultAmount(entry, view.remaining) ? null : sen,
                  })
                }
                disabled={busy}
                // A checked code: the amount is next, and Enter from it takes the payment.
                autoFocus={entry.method === 'wallet'}
                slotProps={{ htmlInput: { 'data-testid': 'pos-amount' } }}
              />
            )}

            <PaymentStatus status={status} outsideHours={outsideHours} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography
          variant="body2"
          color={view?.problem?.kind === 'stillDue' ? 'text.secondary' : 'warning.dark'}
          sx={{ flex: 1, minWidth: 200 }}
          id="pos-payment-problem"
          data-testid="pos-payment-problem"
        >
          {view?.problem ? paymentProblemText(t, view.problem) : ''}
        </Typography>
        <Button
          onClick={onClose}
          disabled={busy}
          color="inherit"
          sx={{ minHeight: 48 }}
          data-enter="own"
        >
          {t('payment.cancel')}
        </Button>
        {view?.canAddPart && (
          <Button
            variant="outlined"
            onClick={onAddPart}
            disabled={busy}
            sx={{ minHeight: 48 }}
            data-enter="own"
            data-testid="pos-add-payment"
          >
            {t('payment.addPart')}
          </Button>
        )}
        <Button
          variant="contained"
          onClick={confirm}
          disabled={!view?.canConfirm}
          loading={busy}
          aria-describedby={view?.problem ? 'pos-payment-problem' : undefined}
          sx={{ minHeight: 48, px: 3 }}
          data-enter="own"
          data-testid="pos-confirm-payment"
        >
          {status.kind === 'unconfirmed' ? t('payment.retry') : t('payment.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
