import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  COUNTER_TOPUP_MAX,
  COUNTER_TOPUP_MIN,
  type CounterTopup,
  type CounterTopupCreate,
  type CounterTopupMethod,
  type CounterTopupOptions,
} from '@kopi/contract';
import { MoneyInput } from '../../../components/money-input';
import { TopupReceipt } from '../../../components/receipt/topup-receipt';
import { RetryAlert } from '../../../components/retry-alert';
import { refusalMessage } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/formatters';
import { createAttemptKeys, sendAttempt } from '../../../lib/http/attempt-key';
import { posTillField } from '../../../lib/pos-till';
import { toast } from '../../../lib/toasts';
import type { AttachedCustomer } from '../cart';
import { usePosTopupStrings } from '../i18n-topup';
import { createCounterTopup, useTopupOptions } from '../topup-api';
import { ReceiptActions } from './receipt-actions';
import { PosFormActions, PosSubmitButton } from './pos-form-actions';

type Translate = ReturnType<typeof usePosTopupStrings>['t'];

/** Why the top-up cannot be sent as it stands (the server's rules too), or null. */
export function topupProblem(
  draft: { amount: number | null; method: CounterTopupMethod; tendered: number | null },
  walletBalance: number,
  maxBalance: number,
  t: Translate,
): string | null {
  const { amount } = draft;
  if (amount === null) return t('amountMissing');
  if (amount < COUNTER_TOPUP_MIN || amount > COUNTER_TOPUP_MAX) {
    return t('amountRange', {
      min: formatMoney(COUNTER_TOPUP_MIN),
      max: formatMoney(COUNTER_TOPUP_MAX),
    });
  }
  if (walletBalance + amount > maxBalance) {
    return t('overMax', {
      max: formatMoney(maxBalance),
      room: formatMoney(Math.max(0, maxBalance - walletBalance)),
    });
  }
  if (draft.method === 'cash' && draft.tendered !== null && draft.tendered < amount) {
    return t('tenderedShort');
  }
  return null;
}

/**
 * Sells stored value at the counter: the customer's wallet topped up by cash (into this till's
 * drawer) or card, then its receipt with the wallet and points after it.
 */
export function TopupDialog({
  customer,
  outletId,
  businessName,
  onClose,
  onDone,
}: {
  /** The attached customer to top up; null keeps the dialog closed. */
  customer: AttachedCustomer | null;
  outletId: string;
  businessName: string;
  onClose: () => void;
  /** The top-up was recorded: the cart's customer takes the balances after it. */
  onDone: (topup: CounterTopup) => void;
}) {
  const { t } = usePosTopupStrings();
  const [topup, setTopup] = useState<CounterTopup | null>(null);
  const options = useTopupOptions(customer !== null);
  const close = () => {
    setTopup(null);
    onClose();
  };
  return (
    <Dialog
      open={customer !== null}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="pos-topup-title"
      slotProps={{ paper: { 'data-testid': 'pos-topup-dialog' } as object }}
    >
      {customer && (
        <DialogTitle id="pos-topup-title">
          {topup
            ? t('receiptTitle', { number: topup.receipt_no })
            : t('title', { name: customer.name })}
        </DialogTitle>
      )}
      {customer && topup && (
        <>
          <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center' }}>
            <TopupReceipt topup={topup} businessName={businessName} />
          </DialogContent>
          <ReceiptActions
            printLabel={t('print')}
            doneLabel={t('close')}
            doneTestId="pos-topup-done"
            onDone={close}
          />
        </>
      )}
      {customer && !topup && options.error && (
        <DialogContent>
          <RetryAlert onRetry={() => void options.refetch()}>{t('loadError')}</RetryAlert>
        </DialogContent>
      )}
      {customer && !topup && !options.error && !options.data && (
        <DialogContent aria-busy="true">
          <Skeleton variant="rounded" height={200} />
        </DialogContent>
      )}
      {customer && !topup && options.data && (
        <TopupForm
          customer={customer}
          outletId={outletId}
          options={options.data}
          onCancel={close}
          onRecorded={(recorded) => {
            setTopup(recorded);
            onDone(recorded);
          }}
        />
      )}
    </Dialog>
  );
}

function TopupForm({
  customer,
  outletId,
  options,
  onCancel,
  onRecorded,
}: {
  customer: AttachedCustomer;
  outletId: string;
  options: CounterTopupOptions;
  onCancel: () => void;
  onRecorded: (topup: CounterTopup) => void;
}) {
  const { t } = usePosTopupStrings();
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<CounterTopupMethod>('cash');
  const [tendered, setTendered] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A resend after no answer keeps its key, so the customer is topped up once.
  const keys = useMemo(() => createAttemptKeys(), []);
  const draft = { amount, method, tendered };
  const problem = topupProblem(draft, customer.wallet_balance, options.max_balance, t);

  const edit = (change: () => void) => {
    change();
    setShown(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (problem || amount === null) return setShown(problem);
    const body: CounterTopupCreate = {
      outlet_id: outletId,
      ...posTillField(outletId),
      method,
      amount,
      ...(method === 'cash' && tendered !== null ? { tendered } : {}),
      ...(method === 'card' && reference.trim() ? { reference: reference.trim() } : {}),
    };
    setBusy(true);
    try {
      const topup = await sendAttempt(keys, body, (b, key) =>
        createCounterTopup(customer.id, b, key),
      );
      toast.success(
        t('done', {
          amount: formatMoney(topup.amount),
          name: customer.name,
          number: topup.receipt_no,
        }),
      );
      onRecorded(topup);
    } catch (error) {
      setShown(refusalMessage(error, t('failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('balance', { amount: formatMoney(customer.wallet_balance) })} · {t('notSale')}
          </Typography>
          <Box role="group" aria-label={t('presets')} sx={{ display: 'flex', gap: 1 }}>
            {options.topup_presets.map((sen) => (
              <Button
                key={sen}
                variant={amount === sen ? 'contained' : 'outlined'}
                onClick={() => edit(() => setAmount(sen))}
                sx={{ flex: 1, minHeight: 48 }}
                data-testid={`pos-topup-preset-${sen}`}
              >
                {formatMoney(sen)}
              </Button>
            ))}
          </Box>
          <MoneyInput
            label={t('amount')}
            value={amount}
            onChange={(sen) => edit(() => setAmount(sen))}
            onUnreadable={() => edit(() => setAmount(null))}
            slotProps={{ htmlInput: { 'data-testid': 'pos-topup-amount' } }}
          />
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={method}
            aria-label={t('method')}
            onChange={(_, next: CounterTopupMethod | null) => next && edit(() => setMethod(next))}
          >
            <ToggleButton value="cash" sx={{ minHeight: 48 }} data-testid="pos-topup-cash">
              {t('cash')}
            </ToggleButton>
            <ToggleButton value="card" sx={{ minHeight: 48 }} data-testid="pos-topup-card">
              {t('card')}
            </ToggleButton>
          </ToggleButtonGroup>
          {method === 'cash' ? (
            <MoneyInput
              label={t('tendered')}
              value={tendered}
              onChange={(sen) => edit(() => setTendered(sen))}
              onUnreadable={() => edit(() => setTendered(null))}
              helperText={
                amount !== null && tendered !== null && tendered > amount
                  ? t('change', { amount: formatMoney(tendered - amount) })
                  : undefined
              }
              slotProps={{ htmlInput: { 'data-testid': 'pos-topup-tendered' } }}
            />
          ) : (
            <TextField
              label={t('reference')}
              value={reference}
              onChange={(e) => edit(() => setReference(e.target.value))}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
          )}
          {amount !== null && !problem && (
            <Typography data-testid="pos-topup-after">
              {t('after', { amount: formatMoney(customer.wallet_balance + amount) })}
            </Typography>
          )}
          {shown && (
            <Alert severity="error" data-testid="pos-topup-problem">
              {shown}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <PosFormActions cancelLabel={t('cancel')} onCancel={onCancel} busy={busy}>
        <PosSubmitButton testId="pos-topup-submit" busy={busy}>
          {t('submit', { amount: formatMoney(amount ?? 0) })}
        </PosSubmitButton>
      </PosFormActions>
    </Box>
  );
}
