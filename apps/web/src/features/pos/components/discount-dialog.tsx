import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  type ManualDiscountInput,
  manualDiscountReasons,
  type ManualDiscountReason,
} from '@kopi/contract';
import { MoneyInput } from '../../../components/money-input';
import { formatMoney } from '../../../lib/formatters';
import { discountDraftCheck, type DiscountDraft } from '../discount';
import { usePosStrings } from '../i18n';
import { PosDialogForm, PosFormDialog } from '../../../components/pos-form-dialog';

/**
 * The sale's manual discount: an amount or a percentage of the subtotal, with a reason (a note
 * for "other"). The amount it takes off and the tenant's maximum show as it is typed; over the
 * maximum it cannot be applied (the server refuses it too).
 */
export function DiscountDialog({
  open,
  current,
  subtotal,
  maxBp,
  onApply,
  onClose,
}: {
  open: boolean;
  current: ManualDiscountInput | null;
  subtotal: number;
  maxBp: number;
  onApply: (discount: ManualDiscountInput | null) => void;
  onClose: () => void;
}) {
  return (
    <PosFormDialog name="discount" open={open} onClose={onClose}>
      <DiscountForm
        current={current}
        subtotal={subtotal}
        maxBp={maxBp}
        onApply={onApply}
        onClose={onClose}
      />
    </PosFormDialog>
  );
}

const draftOf = (d: ManualDiscountInput | null): DiscountDraft =>
  d
    ? { kind: d.kind, value: d.value, reason: d.reason, note: d.note ?? '' }
    : { kind: 'amount', value: null, reason: null, note: '' };

function DiscountForm({
  current,
  subtotal,
  maxBp,
  onApply,
  onClose,
}: {
  current: ManualDiscountInput | null;
  subtotal: number;
  maxBp: number;
  onApply: (discount: ManualDiscountInput | null) => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  const [draft, setDraft] = useState<DiscountDraft>(() => draftOf(current));
  const [tried, setTried] = useState(false);
  const check = discountDraftCheck(draft, subtotal, maxBp);
  const reasonLabel = useId();
  const reasonError = useId();
  const set = (changes: Partial<DiscountDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const problemText =
    check.problem === 'over'
      ? t('discount.overMax', { max: formatMoney(check.limit) })
      : check.problem === 'value'
        ? t('discount.valueMissing')
        : null;

  return (
    <PosDialogForm
      name="discount"
      title={t('discount.title')}
      onSubmit={() => {
        setTried(true);
        if (check.input) onApply(check.input);
      }}
      onCancel={onClose}
      cancelLabel={t('discount.cancel')}
      submitLabel={t('discount.apply')}
      submitDisabled={check.problem === 'over'}
      startAction={
        current && (
          <Button
            color="error"
            onClick={() => onApply(null)}
            sx={{ mr: 'auto', minHeight: 44 }}
            data-testid="pos-discount-remove"
          >
            {t('discount.remove')}
          </Button>
        )
      }
    >
      <ToggleButtonGroup
        exclusive
        value={draft.kind}
        onChange={(_, kind: DiscountDraft['kind'] | null) => kind && set({ kind, value: null })}
        aria-label={t('discount.kind')}
        fullWidth
      >
        <ToggleButton value="amount" data-testid="pos-discount-amount">
          {t('discount.amount')}
        </ToggleButton>
        <ToggleButton value="percent" data-testid="pos-discount-percent">
          {t('discount.percent')}
        </ToggleButton>
      </ToggleButtonGroup>
      {draft.kind === 'amount' ? (
        <MoneyInput
          label={t('discount.amountLabel')}
          value={draft.value}
          onChange={(value) => set({ value })}
          onUnreadable={() => set({ value: null })}
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'pos-discount-value' } }}
        />
      ) : (
        <TextField
          label={t('discount.percentLabel')}
          value={draft.value === null ? '' : String(draft.value / 100)}
          onChange={(e) => {
            const n = Number.parseFloat(e.target.value);
            set({ value: Number.isFinite(n) ? Math.round(n * 100) : null });
          }}
          autoFocus
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'data-testid': 'pos-discount-value' },
          }}
        />
      )}
      <Typography variant="body2" color="text.secondary" data-testid="pos-discount-preview">
        {t('discount.preview', {
          amount: formatMoney(check.amount),
          max: formatMoney(check.limit),
          percent: String(maxBp / 100),
        })}
      </Typography>
      <Stack>
        <FormLabel id={reasonLabel}>{t('discount.reason')}</FormLabel>
        <RadioGroup
          aria-labelledby={reasonLabel}
          aria-describedby={tried && check.problem === 'reason' ? reasonError : undefined}
          value={draft.reason ?? ''}
          onChange={(e) => set({ reason: e.target.value as ManualDiscountReason })}
        >
          {manualDiscountReasons.map((r) => (
            <FormControlLabel
              key={r}
              value={r}
              control={<Radio />}
              label={t(`discount.reasons.${r}`)}
              data-testid={`pos-discount-reason-${r}`}
            />
          ))}
        </RadioGroup>
        {tried && check.problem === 'reason' && (
          <FormHelperText error id={reasonError} data-testid="pos-discount-reason-missing">
            {t('discount.reasonMissing')}
          </FormHelperText>
        )}
      </Stack>
      <TextField
        label={draft.reason === 'other' ? t('discount.noteRequired') : t('discount.note')}
        value={draft.note}
        onChange={(e) => set({ note: e.target.value })}
        error={tried && check.problem === 'note'}
        helperText={tried && check.problem === 'note' ? t('discount.noteMissing') : undefined}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'pos-discount-note' } }}
      />
      {problemText && (tried || check.problem === 'over') && (
        <Typography variant="body2" color="error" role="alert" data-testid="pos-discount-problem">
          {problemText}
        </Typography>
      )}
    </PosDialogForm>
  );
}
