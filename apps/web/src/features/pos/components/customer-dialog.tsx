import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { counterCustomerInputSchema, customerLookupQuerySchema } from '@kopi/contract';
import { refusalMessage } from '../../../lib/form-errors';
import { translateValidation } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toasts';
import { addCounterCustomer, lookupCustomer } from '../api';
import type { AttachedCustomer } from '../cart';
import { attachedCustomer } from '../customer-attach';
import { usePosStrings } from '../i18n';
import { CustomerFacts, CustomerNotes } from './customer-badge';
import { PosFormActions, PosSubmitButton } from './pos-form-actions';

type Found =
  | { kind: 'none' }
  | { kind: 'found'; customer: AttachedCustomer }
  | { kind: 'notFound'; phone: string };

/** The first problem the schema finds with `value`, translated; null when it passes. */
function problemOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  if (result.success) return null;
  const message = result.error?.issues[0]?.message;
  return translateValidation(message) ?? message ?? null;
}

/**
 * Finds the sale's customer by phone number, or adds one by name and phone, and attaches them
 * to the order. Enter searches from the phone field, attaches a found customer, adds a new one.
 */
export function CustomerDialog({
  open,
  onAttach,
  onClose,
}: {
  open: boolean;
  onAttach: (customer: AttachedCustomer) => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [found, setFound] = useState<Found>({ kind: 'none' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setPhone('');
    setName('');
    setFound({ kind: 'none' });
    setProblem(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const attach = (customer: AttachedCustomer) => {
    onAttach(customer);
    reset();
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(refusalMessage(error, t('customer.failed')));
    } finally {
      setBusy(false);
    }
  };

  const find = () => {
    const parsed = customerLookupQuerySchema.safeParse({ phone });
    if (!parsed.success) return setProblem(problemOf(parsed));
    void run(async () => {
      const customer = await lookupCustomer(parsed.data.phone);
      setFound(
        customer
          ? { kind: 'found', customer: attachedCustomer(customer) }
          : { kind: 'notFound', phone: parsed.data.phone },
      );
    });
  };

  const add = () => {
    if (found.kind !== 'notFound') return;
    const parsed = counterCustomerInputSchema.safeParse({ name, phone: found.phone });
    if (!parsed.success) return setProblem(problemOf(parsed));
    void run(async () => {
      const customer = await addCounterCustomer(parsed.data);
      toast.success(t('customer.added', { name: customer.name }));
      attach(attachedCustomer(customer));
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (found.kind === 'found') attach(found.customer);
    else if (found.kind === 'notFound') add();
    else find();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="pos-customer-title"
      slotProps={{ paper: { 'data-testid': 'pos-customer-dialog' } as object }}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="pos-customer-title">{t('customer.title')}</DialogTitle>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('customer.hint')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('customer.phone')}
                value={phone}
                onChange={(e) => {
                  setPhone(e.target.value);
                  setFound({ kind: 'none' });
                  setProblem(null);
                }}
                type="tel"
                autoFocus
                fullWidth
                disabled={busy}
                slotProps={{
                  htmlInput: {
                    maxLength: 32,
                    inputMode: 'tel',
                    'data-testid': 'pos-customer-phone',
                  },
                }}
              />
              {found.kind === 'none' && (
                <Button
                  type="submit"
                  variant="contained"
                  loading={busy}
                  sx={{ minHeight: 56, flexShrink: 0 }}
                  data-testid="pos-customer-find"
                >
                  {t('customer.find')}
                </Button>
              )}
            </Stack>
            {found.kind === 'found' && (
              <Box
                data-testid="pos-customer-found"
                sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
              >
                <Typography sx={{ fontWeight: 600 }}>{found.customer.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                  {found.customer.phone}
                </Typography>
                <CustomerFacts customer={found.customer} />
                <CustomerNotes notes={found.customer.notes} />
              </Box>
            )}
            {found.kind === 'notFound' && (
              <>
                <Alert severity="info" data-testid="pos-customer-not-found">
                  {t('customer.notFound', { phone: found.phone })}
                </Alert>
                <TextField
                  label={t('customer.name')}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  autoFocus
                  required
                  disabled={busy}
                  slotProps={{
                    htmlInput: { maxLength: 100, 'data-testid': 'pos-customer-name-new' },
                  }}
                />
              </>
            )}
            {problem && (
              <Alert severity="error" data-testid="pos-customer-problem">
                {problem}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <PosFormActions cancelLabel={t('customer.cancel')} onCancel={close} busy={busy}>
          {found.kind === 'found' && (
            <PosSubmitButton testId="pos-customer-attach" autoFocus>
              {t('customer.attach')}
            </PosSubmitButton>
          )}
          {found.kind === 'notFound' && (
            <PosSubmitButton testId="pos-customer-add" busy={busy}>
              {t('customer.add')}
            </PosSubmitButton>
          )}
        </PosFormActions>
      </Box>
    </Dialog>
  );
}
