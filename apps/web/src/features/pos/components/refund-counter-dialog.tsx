import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import {
  type ApprovalInput,
  type CounterRefund,
  type ReceiptMatch,
  type Refund,
  type Refundable,
  type RefundMethod,
  type RefundReason,
  refundMethodsFor,
} from '@kopi/contract';
import { useApproval } from '../../../components/approval/use-approval';
import { RetryAlert } from '../../../components/retry-alert';
import { formatMoney } from '../../../lib/formatters';
import { createAttemptKeys, sendAttempt } from '../../../lib/http/attempt-key';
import { toast } from '../../../lib/toasts';
import { usePosRefundStrings } from '../i18n-refund';
import { createCounterRefund, usePosRefundable } from '../refund-api';
import { dayOf } from './refund-find-dialog';
import { PosFormDialog } from '../../../components/pos-form-dialog';
import { RefundReasonSelect } from '../../../components/refund-reason-select';

/** What the counter refunds: the whole order, or chosen items. */
export type CounterKind = 'full' | 'items';

/** The refund a counter form asks for, in sen: what remains, or the chosen items' shares. */
export function counterAmount(
  kind: CounterKind,
  quantities: Record<string, number>,
  refundable: Refundable,
) {
  if (kind === 'full') return refundable.remaining;
  return refundable.items.reduce(
    (sum, i) => sum + (quantities[i.order_item_id] ?? 0) * i.unit_amount,
    0,
  );
}

/**
 * Refunds a receipt at the counter: the whole order or items, by the methods its payments
 * allow (the contract's rule, the server's too), approved by a manager's PIN on this screen
 * (always someone else's) and paid at once, cash from the cashier's drawer.
 */
export function RefundCounterDialog({
  outletId,
  match,
  onClose,
  onDone,
}: {
  outletId: string;
  match: ReceiptMatch | null;
  onClose: () => void;
  onDone: (refund: Refund) => void;
}) {
  const { t } = usePosRefundStrings();
  return (
    <PosFormDialog name="refund" open={match !== null} onClose={onClose} maxWidth="sm">
      {match && (
        <>
          <DialogTitle id="pos-refund-title">
            {t('refund.title', { number: match.order_no, date: dayOf(match.business_date) })}
          </DialogTitle>
          <Loaded outletId={outletId} match={match} onClose={onClose} onDone={onDone} />
        </>
      )}
    </PosFormDialog>
  );
}

function Loaded(props: {
  outletId: string;
  match: ReceiptMatch;
  onClose: () => void;
  onDone: (refund: Refund) => void;
}) {
  const { t } = usePosRefundStrings();
  const refundable = usePosRefundable(props.match.order_id);
  if (refundable.error) {
    return (
      <DialogContent>
        <RetryAlert onRetry={() => void refundable.refetch()}>{t('refund.loadError')}</RetryAlert>
      </DialogContent>
    );
  }
  if (!refundable.data) {
    return (
      <DialogContent aria-busy="true">
        <Skeleton variant="rounded" height={160} />
      </DialogContent>
    );
  }
  return <CounterForm {...props} refundable={refundable.data} />;
}

function CounterForm({
  outletId,
  match,
  onClose,
  onDone,
  refundable,
}: {
  outletId: string;
  match: ReceiptMatch;
  onClose: () => void;
  onDone: (refund: Refund) => void;
  refundable: Refundable;
}) {
  const { t, language } = usePosRefundStrings();
  const { withApproval, dialog } = useApproval();
  const methods = refundMethodsFor(refundable.by_method, {
    hasCustomer: match.has_customer,
    atCounter: true,
  });
  const [kind, setKind] = useState<CounterKind>('full');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [method, setMethod] = useState<RefundMethod>(methods[0] ?? 'original');
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'items' | 'reason' | 'note', string>>>({});
  const [busy, setBusy] = useState(false);
  // The same refund resent after no answer keeps its key; a changed one gets a new key.
  const keys = useMemo(() => createAttemptKeys(), []);
  const amount = counterAmount(kind, quantities, refundable);
  const nothingLeft = refundable.remaining <= 0 || methods.length === 0;

  const setQuantity = (id: string, quantity: number) => {
    setQuantities((q) => ({ ...q, [id]: quantity }));
    setErrors((e) => ({ ...e, items: undefined }));
  };

  const send = (body: CounterRefund) => sendAttempt(keys, body, createCounterRefund);

  const submit = async () => {
    const problems: typeof errors = {};
    const items = refundable.items
      .filter((i) => (quantities[i.order_item_id] ?? 0) > 0)
      .map((i) => ({ order_item_id: i.order_item_id, quantity: quantities[i.order_item_id]! }));
    if (kind === 'items' && items.length === 0) problems.items = t('refund.itemsRequired');
    if (!reason) problems.reason = t('refund.reasonRequired');
    if (reason === 'other' && !note.trim()) problems.note = t('refund.noteRequired');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !reason) return;
    const body: CounterRefund = {
      order_id: match.order_id,
      kind,
      ...(kind === 'items' ? { items } : {}),
      method,
      reason,
      ...(note.trim() ? { reason_note: note.trim() } : {}),
    };
    setBusy(true);
    try {
      const refund = await withApproval(
        {
          action: 'refund',
          outletId,
          always: true,
          summary: t('refund.approval', {
            amount: formatMoney(amount),
            number: match.order_no,
          }),
        },
        (approval: ApprovalInput | undefined) => send({ ...body, ...(approval && { approval }) }),
      );
      if (!refund) return;
      const words =
        refund.status !== 'COMPLETED'
          ? t('refund.waiting', { number: refund.refund_no })
          : refund.payment_method === 'cash'
            ? t('refund.doneCash', {
                number: refund.refund_no,
                amount: formatMoney(refund.amount),
              })
            : t('refund.done', { number: refund.refund_no });
      toast.success(words);
      onDone(refund);
    } catch {
      // The client toasted why (a refusal without an approval dialog, or a lost answer).
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" data-testid="pos-refund-remaining">
            {t('refund.remaining', { amount: formatMoney(refundable.remaining) })}
          </Typography>
          {nothingLeft ? (
            <Alert severity="info">{t('refund.nothingLeft')}</Alert>
          ) : (
            <>
              <RadioGroup
                row
                aria-label={t('refund.kind')}
                value={kind}
                onChange={(e) => {
                  setKind(e.target.value as CounterKind);
                  setErrors((x) => ({ ...x, items: undefined }));
                }}
              >
                <FormControlLabel
                  value="full"
                  control={<Radio />}
                  label={t('refund.full')}
                  data-testid="pos-refund-kind-full"
                />
                <FormControlLabel
                  value="items"
                  control={<Radio />}
                  label={t('refund.items')}
                  data-testid="pos-refund-kind-items"
                />
              </RadioGroup>
              {kind === 'items' && (
                <Stack spacing={1} data-testid="pos-refund-items">
                  {refundable.items
                    .filter((i) => i.refundable_quantity > 0)
                    .map((i) => {
                      const name = language === 'my' && i.name_my ? i.name_my : i.name;
                      const quantity = quantities[i.order_item_id] ?? 0;
                      return (
                        <Stack
                          key={i.order_item_id}
                          direction="row"
                          spacing={1}
                          sx={{ alignItems: 'center' }}
                        >
                          <Stack sx={{ flex: 1 }}>
                            <Typography>{name}</Typography>
                            <Typography variant="caption" color="text.secondary">
                              {t('refund.left', {
                                count: i.refundable_quantity,
                                amount: formatMoney(i.unit_amount),
                              })}
                            </Typography>
                          </Stack>
                          <IconButton
                            aria-label={t('refund.less', { name })}
                            disabled={quantity <= 0}
                            onClick={() => setQuantity(i.order_item_id, quantity - 1)}
                            sx={{ width: 44, height: 44 }}
                          >
                            <Remove />
                          </IconButton>
                          <Typography
                            aria-label={t('refund.quantity', { name })}
                            sx={{ minWidth: 24, textAlign: 'center' }}
                            data-testid="pos-refund-quantity"
                          >
                            {quantity}
                          </Typography>
                          <IconButton
                            aria-label={t('refund.more', { name })}
                            disabled={quantity >= i.refundable_quantity}
                            onClick={() => setQuantity(i.order_item_id, quantity + 1)}
                            sx={{ width: 44, height: 44 }}
                          >
                            <Add />
                          </IconButton>
                        </Stack>
                      );
                    })}
                  {errors.items && <FormHelperText error>{errors.items}</FormHelperText>}
                </Stack>
              )}
              <TextField
                select
                label={t('refund.method')}
                value={method}
                onChange={(e) => setMethod(e.target.value as RefundMethod)}
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': 'pos-refund-method' } as object },
                }}
              >
                {methods.map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`method.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
              <RefundReasonSelect
                label={t('refund.reason')}
                value={reason}
                onChange={(next) => {
                  setReason(next);
                  setErrors((x) => ({ ...x, reason: undefined }));
                }}
                language={language}
                error={Boolean(errors.reason)}
                helperText={errors.reason}
                testId="pos-refund-reason"
              />
              <TextField
                label={t('refund.note')}
                required={reason === 'other'}
                value={note}
                onChange={(e) => {
                  setNote(e.target.value);
                  setErrors((x) => ({ ...x, note: undefined }));
                }}
                error={Boolean(errors.note)}
                helperText={errors.note}
                slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'pos-refund-note' } }}
              />
              <Typography variant="subtitle1" data-testid="pos-refund-total">
                {t('refund.total')}: <strong>{formatMoney(amount)}</strong>
              </Typography>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
          {t('refund.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          onClick={() => void submit()}
          loading={busy}
          disabled={nothingLeft || amount <= 0}
          sx={{ minHeight: 44 }}
          data-testid="pos-refund-submit"
        >
          {t('refund.submit', { amount: formatMoney(amount) })}
        </Button>
      </DialogActions>
      {dialog}
    </>
  );
}
