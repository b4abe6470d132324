import type { KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { paymentMethods, type PaymentMethod } from '@kopi/contract';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/formatters';
import { usePosStrings } from '../i18n';
import {
  quickCash,
  type PaymentEntry,
  type PaymentPart,
  type PaymentProblem,
  type PaymentView,
} from '../payment';

export type SendStatus =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'retrying'; attempt: number; total: number }
  | { kind: 'unconfirmed' }
  | { kind: 'refused'; messages: string[] };

type T = ReturnType<typeof usePosStrings>['t'];

export function paymentProblemText(t: T, p: PaymentProblem) {
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
    case 'stillDue':
      return t('payment.problems.stillDue', { amount: formatMoney(p.due) });
  }
}

/** Cash (quick amounts, exact, change), card and e-wallets with a reference, split bills. */
export function PaymentDialog({
  open,
  view,
  parts,
  entry,
  onEntryChange,
  onAddPart,
  onRemovePart,
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
  status: SendStatus;
  outsideHours: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  const busy = status.kind === 'sending' || status.kind === 'retrying';
  const isCash = entry.method === 'cash';
  const methodName = (m: PaymentMethod) => t(`payment.methods.${m}`);
  const set = (changes: Partial<PaymentEntry>) => onEntryChange({ ...entry, ...changes });
  const confirm = () => {
    if (!busy && view?.canConfirm) onConfirm();
  };
  // Enter confirms from anywhere in the panel (a quick-cash button just tapped included), except
  // on the buttons that do something else.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    if (target.closest('[data-enter="own"]') || target.tagName === 'TEXTAREA') return;
    e.preventDefault();
    confirm();
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
              <Box>
                <Typography variant="subtitle2" component="h3">
                  {t('payment.taken')}
                </Typography>
                <Box
                  component="ul"
                  sx={{ listStyle: 'none', m: 0, p: 0 }}
                  data-testid="pos-payment-parts"
                >
                  {parts.map((p, i) => (
                    <Box
                      component="li"
                      key={i}
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 1,
                        borderBottom: 1,
                        borderColor: 'divider',
                      }}
                    >
                      <Typography sx={{ fontWeight: 600 }}>{methodName(p.method)}</Typography>
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ flex: 1, minWidth: 0 }}
                        noWrap
                      >
                        {p.method === 'cash'
                          ? p.tendered !== null && p.tendered > p.amount
                            ? t('payment.partTendered', {
                                tendered: formatMoney(p.tendered),
                                change: formatMoney(p.tendered - p.amount),
                              })
                            : ''
                          : p.reference}
                      </Typography>
                      <Typography sx={{ fontWeight: 600 }}>{formatMoney(p.amount)}</Typography>
                      <IconButton
                        aria-label={t('payment.removePart', {
                          method: methodName(p.method),
                          amount: formatMoney(p.amount),
                        })}
                        onClick={() => onRemovePart(i)}
                        disabled={busy}
                        data-enter="own"
                        sx={{ width: 44, height: 44 }}
                      >
                        <Close fontSize="small" />
                      </IconButton>
                    </Box>
                  ))}
                </Box>
                <Typography
                  sx={{ mt: 1, textAlign: 'end', fontWeight: 700 }}
                  data-testid="pos-remaining"
                >
                  {t('payment.due')}: {formatMoney(Math.max(0, view.remaining))}
                </Typography>
              </Box>
            )}

            <ToggleButtonGroup
              exclusive
              color="primary"
              value={entry.method}
              onChange={(_, method: PaymentMethod | null) => {
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
              {paymentMethods.map((m) => (
                <ToggleButton
                  key={m}
                  value={m}
                  sx={{ minHeight: 48, textTransform: 'none' }}
                  data-testid={`pos-method-${m}`}
                >
                  {methodName(m)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>

            {isCash ? (
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {t('payment.quickCash')}
                </Typography>
                <Box
                  sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 1, mb: 1.5 }}
                >
                  {quickCash.map((sen) => (
                    <Button
                      key={sen}
                      variant={entry.tendered === sen ? 'contained' : 'outlined'}
                      onClick={() => set({ tendered: sen })}
                      disabled={busy}
                      sx={{ minHeight: 48, px: 0.5 }}
                      data-testid={`pos-cash-${sen}`}
                    >
                      {t('payment.cashAmount', { amount: String(sen / 100) })}
                    </Button>
                  ))}
                  <Button
                    variant={entry.tendered === view.amount ? 'contained' : 'outlined'}
                    onClick={() => set({ tendered: view.amount })}
                    disabled={busy}
                    sx={{ minHeight: 48, px: 0.5 }}
                    data-testid="pos-cash-exact"
                  >
                    {t('payment.exact')}
                  </Button>
                </Box>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <MoneyInput
                    label={t('payment.tendered')}
                    value={entry.tendered}
                    onChange={(sen) => set({ tendered: sen })}
                    disabled={busy}
                    sx={{ flex: 1 }}
                    slotProps={{ htmlInput: { 'data-testid': 'pos-tendered' } }}
                  />
                  <Box sx={{ flex: 1, textAlign: 'end' }}>
                    <Typography variant="body2" color="text.secondary">
                      {t('payment.change')}
                    </Typography>
                    <Typography
                      variant="h5"
                      sx={{ fontWeight: 700 }}
                      data-testid="pos-change"
                      aria-live="polite"
                    >
                      {formatMoney(view.change)}
                    </Typography>
                  </Box>
                </Stack>
              </Box>
            ) : (
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

            <MoneyInput
              label={t('payment.amount')}
              helperText={t('payment.amountHint')}
              value={entry.amount ?? view.amount}
              onChange={(sen) =>
                set({ amount: sen === null || sen === view.remaining ? null : sen })
              }
              disabled={busy}
              slotProps={{ htmlInput: { 'data-testid': 'pos-amount' } }}
            />

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
