import { useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocalizedName } from '../../../lib/localized-name';
import type { VoucherCheckInput } from '../api';
import { usePosStrings } from '../i18n';
import { useErrorText, useFindVoucher } from '../use-voucher';
import { normalizeVoucherCode, type VoucherFinding } from '../voucher';
import { PosDialogForm, PosFormDialog } from '../../../components/pos-form-dialog';

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
    <PosFormDialog name="voucher" open={open} onClose={onClose}>
      <VoucherForm inputFor={inputFor} onApplied={onApplied} onClose={onClose} />
    </PosFormDialog>
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
    <PosDialogForm
      name="voucher"
      title={t('voucher.title')}
      onSubmit={() => {
        if (outcome.kind !== 'checking') void submit();
      }}
      onCancel={onClose}
      cancelLabel={t('voucher.cancel')}
      submitLabel={t('voucher.apply')}
      submitDisabled={outcome.kind === 'checking'}
    >
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
        <Typography variant="body2" color="error" role="alert" data-testid="pos-voucher-problem">
          {problem}
        </Typography>
      )}
    </PosDialogForm>
  );
}
