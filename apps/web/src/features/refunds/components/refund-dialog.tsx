import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  malaysianBanks,
  refundKinds,
  refundMethodsFor,
  type BankCode,
  type Refund,
  type Refundable,
  type RefundMethod,
} from '@kopi/contract';
import { MoneyInput } from '../../../components/money-input';
import { RetryAlert } from '../../../components/retry-alert';
import { formatMoney } from '../../../lib/formatters';
import { translateValidation } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toasts';
import { useCreateRefund, useRefundable } from '../api';
import { createAttemptKeys, unanswered } from '../../../lib/http/attempt-key';
import { useRefundStrings } from '../i18n';
import {
  checkDraft,
  draftAmount,
  emptyDraft,
  type DraftErrors,
  type RefundDraft,
} from '../refund-draft';
import { RefundItemsField } from './refund-items-field';
import { RefundReasonSelect } from '../../../components/refund-reason-select';

export interface RefundDialogProps {
  orderId: string;
  orderNo: string;
  /** The order belongs to a customer: the refund may go to their wallet. */
  hasCustomer: boolean;
  open: boolean;
  onClose: () => void;
  onCreated: (refund: Refund) => void;
}

/** Asks for a refund of an order: the whole order, items and quantities, or an amount. */
export function RefundDialog(props: RefundDialogProps) {
  const { t } = useRefundStrings();
  const refundable = useRefundable(props.orderId, props.open);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="refund-dialog-title"
      data-testid="refund-dialog"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="refund-dialog-title">
        {t('dialog.title', { number: props.orderNo })}
      </DialogTitle>
      {refundable.error ? (
        <DialogContent>
          <RetryAlert onRetry={() => void refundable.refetch()}>{t('dialog.loadError')}</RetryAlert>
        </DialogContent>
      ) : refundable.data ? (
        // A fresh form each time the dialog opens (the query is fetched again on opening).
        <RefundForm {...props} refundable={refundable.data} />
      ) : (
        <DialogContent aria-busy="true">
          <Skeleton variant="rounded" height={160} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function RefundForm({
  orderId,
  hasCustomer,
  onClose,
  onCreated,
  refundable,
}: RefundDialogProps & { refundable: Refundable }) {
  const { t, language } = useRefundStrings();
  const create = useCreateRefund();
  const keys = useMemo(() => createAttemptKeys(), []);
  // Only what the order's payments allow (the contract's rule, which the server checks too).
  const methods = refundMethodsFor(refundable.by_method, { hasCustomer });
  const [draft, setDraft] = useState<RefundDraft>(() => ({
    ...emptyDraft,
    method: methods[0] ?? emptyDraft.method,
  }));
  const [errors, setErrors] = useState<DraftErrors>({});
  const set = (patch: Partial<RefundDraft>, ...fields: string[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))));
  };
  const nothingLeft = refundable.remaining <= 0;

  const message = (field: string, custom?: Partial<Record<string, string>>) => {
    const key = errors[field];
    if (!key) return undefined;
    if (key === 'too_high')
      return t('dialog.amountTooHigh', { amount: formatMoney(refundable.remaining) });
    return custom?.[key] ?? translateValidation(key);
  };
  const required = 'validation.required';

  const submit = async () => {
    const checked = checkDraft(orderId, draft, refundable);
    setErrors(checked.errors);
    if (!checked.ok) return;
    try {
      const refund = await create.mutateAsync({
        body: checked.body,
        idempotencyKey: keys.keyFor(checked.body),
      });
      keys.settle();
      toast.success(t('dialog.created', { number: refund.refund_no }));
      onCreated(refund);
      onClose();
    } catch (error) {
      // A refusal is final (the client toasted why): trying again is a new request.
      if (!unanswered(error)) keys.settle();
    }
  };

  const bankField = (
    field: 'accountHolder' | 'accountNumber',
    path: string,
    label: string,
    max: number,
  ) => (
    <TextField
      fullWidth
      required
      label={label}
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value }, path)}
      error={Boolean(errors[path])}
      helperText={message(path)}
      slotProps={{ htmlInput: { maxLength: max, 'data-testid': `refund-${field}` } }}
    />
  );

  return (
    <>
      <DialogContent>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }} data-testid="refundable">
            <Typography variant="body2">
              {t('dialog.paid')}: <strong>{formatMoney(refundable.paid)}</strong>
            </Typography>
            <Typography variant="body2">
              {t('dialog.refunded')}: <strong>{formatMoney(refundable.refunded)}</strong>
            </Typography>
            <Typography variant="body2" data-testid="refundable-remaining">
              {t('dialog.remaining')}: <strong>{formatMoney(refundable.remaining)}</strong>
            </Typography>
          </Stack>
          {nothingLeft ? (
            <Alert severity="info">{t('dialog.nothingLeft')}</Alert>
          ) : (
            <>
              <RadioGroup
                row
                aria-label={t('dialog.kind')}
                value={draft.kind}
                onChange={(e) =>
                  set({ kind: e.target.value as RefundDraft['kind'] }, 'items', 'amount')
                }
              >
                {refundKinds.map((k) => (
                  <FormControlLabel
                    key={k}
                    value={k}
                    control={<Radio />}
                    label={t(`kind.${k}`)}
                    data-testid={`refund-kind-${k}`}
                  />
                ))}
              </RadioGroup>
              {draft.kind === 'items' && (
                <Stack>
                  <RefundItemsField
                    items={refundable.items}
                    quantities={draft.quantities}
                    onChange={(id, quantity) =>
                      set({ quantities: { ...draft.quantities, [id]: quantity } }, 'items')
                    }
                  />
                  {errors.items && (
                    <FormHelperText error>
                      {message('items', { [required]: t('dialog.itemsRequired') })}
                    </FormHelperText>
                  )}
                </Stack>
              )}
              {draft.kind === 'amount' && (
                <MoneyInput
                  label={t('dialog.amount')}
                  required
                  value={draft.amount}
                  onChange={(amount) => set({ amount }, 'amount')}
                  onUnreadable={() => set({ amount: Number.NaN }, 'amount')}
                  error={Boolean(errors.amount)}
                  helperText={message('amount', { [required]: t('dialog.amountRequired') })}
                  slotProps={{ htmlInput: { 'data-testid': 'refund-amount-input' } }}
                />
              )}
              <TextField
                select
                label={t('dialog.method')}
                value={draft.method}
                onChange={(e) => set({ method: e.target.value as RefundMethod }, 'bank')}
                slotProps={{
                  select: { SelectDisplayProps: { 'data-testid': 'refund-method' } as object },
                }}
              >
                {methods.map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`method.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
              {draft.method === 'wallet' && (
                <Alert severity="info" data-testid="refund-wallet-hint">
                  {t('dialog.walletHint')}
                </Alert>
              )}
              {draft.method === 'bank_transfer' && (
                <>
                  <TextField
                    select
                    required
                    label={t('dialog.bank')}
                    value={draft.bankCode}
                    onChange={(e) =>
                      set({ bankCode: e.target.value as BankCode }, 'bank.bank_code')
                    }
                    error={Boolean(errors['bank.bank_code'])}
                    helperText={message('bank.bank_code')}
                    slotProps={{
                      select: { SelectDisplayProps: { 'data-testid': 'refund-bank' } as object },
                    }}
                  >
                    {Object.entries(malaysianBanks).map(([code, name]) => (
                      <MenuItem key={code} value={code}>
                        {name}
                      </MenuItem>
                    ))}
                  </TextField>
                  {bankField(
                    'accountHolder',
                    'bank.account_holder',
                    t('dialog.accountHolder'),
                    120,
                  )}
                  {bankField('accountNumber', 'bank.account_number', t('dialog.accountNumber'), 30)}
                </>
              )}
              <RefundReasonSelect
                label={t('dialog.reason')}
                value={draft.reason}
                onChange={(reason) => set({ reason }, 'reason')}
                language={language}
                error={Boolean(errors.reason)}
                helperText={message('reason')}
                testId="refund-reason"
              />
              <TextField
                multiline
                minRows={2}
                label={t('dialog.note')}
                required={draft.reason === 'other'}
                value={draft.note}
                onChange={(e) => set({ note: e.target.value }, 'reason_note')}
                error={Boolean(errors.reason_note)}
                helperText={message('reason_note', { [required]: t('dialog.noteRequired') })}
                slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'refund-note' } }}
              />
              <Typography variant="subtitle1" data-testid="refund-dialog-total">
                {t('dialog.total')}: <strong>{formatMoney(draftAmount(draft, refundable))}</strong>
              </Typography>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={create.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          loading={create.isPending}
          disabled={nothingLeft}
          data-testid="refund-dialog-submit"
        >
          {t('dialog.submit')}
        </Button>
      </DialogActions>
    </>
  );
}
