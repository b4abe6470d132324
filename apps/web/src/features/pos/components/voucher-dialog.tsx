import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocalizedName } from '../../../lib/localized-name';
import type { VoucherCheckInput } from '../api';
import { usePosStrings } from '../i18n';
import { useErrorText, useFindVoucher } from '../use-voucher';
import { normalizeVoucherCode, type VoucherFinding } from '../voucher';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'missing' }
  | { kind: 'checking' }
  | { kind: 'refused'; finding: Extract<VoucherFinding, { kind: 'refused' }> }
  | { kind: 'failed'; message: string };

/**
 * A voucher code typed or scanned (a scanner ends with Enter, which applies it), checked against
 * the cart at once: one that applies goes on the sale; a refusal stays here and says why.
 */
export function VoucherDialog({
  open,
  inputFor,
  onApplied,
  onClose,
}: {
  open: boolean;
  /** The check of a code against the cart now, or null when there is nothing to check. */
  inputFor: (code: string) => VoucherCheckInput | null;
  onApplied: (code: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="pos-voucher-title"
      data-testid="pos-voucher-dialog"
    >
      {open && <VoucherForm inputFor={inputFor} onApplied={onApplied} onClose={onClose} />}
    </Dialog>
  );
}

function VoucherForm({
  inputFor,
  onApplied,
  onClose,
}: {
  inputFor: (code: string) => VoucherCheckInput | null;
  onApplied: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  const nameOf = useLocalizedName();
  const find = useFindVoucher();
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const reason = useErrorText(outcome.kind === 'refused' ? outcome.finding.code : null);

  const submit = async () => {
    const code = normalizeVoucherCode(typed);
    const input = code ? inputFor(code) : null;
    if (!input) {
      setOutcome({ kind: 'missing' });
      return;
    }
    setOutcome({ kind: 'checking' });
    try {
      const finding = await find(input);
      if (finding.kind === 'applies') onApplied(code);
      else setOutcome({ kind: 'refused', finding });
    } catch (error) {
      setOutcome({ kind: 'failed', message: error instanceof Error ? error.message : '' });
    }
  };

  const refusedVoucher = outcome.kind === 'refused' ? outcome.finding.check?.voucher : undefined;
  const problem =
    outcome.kind === 'missing'
      ? t('voucher.codeMissing')
      : outcome.kind === 'refused'
        ? reason
        : outcome.kind === 'failed'
          ? t('voucher.failed', { message: outcome.message })
          : null;

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (outcome.kind !== 'checking') void submit();
      }}
    >
      <DialogTitle id="pos-voucher-title">{t('voucher.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={t('voucher.code')}
            helperText={t('voucher.codeHint')}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (outcome.kind !== 'checking') setOutcome({ kind: 'idle' });
            }}
            autoFocus
            autoComplete="off"
            slotProps={{
              htmlInput: {
                maxLength: 32,
                autoCapitalize: 'characters',
                spellCheck: false,
                'data-testid': 'pos-voucher-code',
              },
            }}
          />
          {outcome.kind === 'checking' && (
            <Stack spacing={0.5} data-testid="pos-voucher-checking">
              <LinearProgress />
              <Typography variant="body2" color="text.secondary">
                {t('voucher.checking')}
              </Typography>
            </Stack>
          )}
          {refusedVoucher && (
            <Typography variant="subtitle2" data-testid="pos-voucher-name">
              {nameOf(refusedVoucher.name_en, refusedVoucher.name_my)}
            </Typography>
          )}
          {problem && (
            <Typography
              variant="body2"
              color="error"
              role="alert"
              data-testid="pos-voucher-problem"
            >
              {problem}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit" sx={{ minHeight: 44 }}>
          {t('voucher.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={outcome.kind === 'checking'}
          sx={{ minHeight: 44 }}
          data-testid="pos-voucher-apply"
        >
          {t('voucher.apply')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
