import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { walletPaymentCodeSchema, WALLET_PAYMENT_QR_PREFIX } from '@kopi/contract';
import { refusalMessage } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/formatters';
import { translateValidation } from '../../../lib/i18n/i18n';
import { checkPaymentCode } from '../api';
import { usePosStrings } from '../i18n';
import type { WalletCheck } from '../payment';

/** A scanner types the QR's text (`KOPIPAY:…`); a cashier types the digits, maybe spaced. */
export function codeFromScan(text: string): string {
  const trimmed = text.trim();
  return trimmed.toUpperCase().startsWith(WALLET_PAYMENT_QR_PREFIX)
    ? trimmed.slice(WALLET_PAYMENT_QR_PREFIX.length)
    : trimmed;
}

/**
 * The Kopi wallet: the customer's payment code, scanned or typed (Enter checks it), then whose
 * wallet it is and what it holds. A refused code says why; the cashier asks for a new one.
 */
export function WalletEntry({
  wallet,
  busy,
  onChecked,
}: {
  wallet: WalletCheck | null;
  busy: boolean;
  /** A code checked (or cleared, null, to take another one). */
  onChecked: (wallet: WalletCheck | null) => void;
}) {
  const { t } = usePosStrings();
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async () => {
    if (checking || busy) return;
    const parsed = walletPaymentCodeSchema.safeParse(codeFromScan(text));
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setProblem(translateValidation(message) ?? message ?? null);
      return;
    }
    setChecking(true);
    setProblem(null);
    try {
      const info = await checkPaymentCode(parsed.data);
      setText('');
      onChecked({ code: parsed.data, info });
    } catch (error) {
      setProblem(refusalMessage(error, t('wallet.failed')));
    } finally {
      setChecking(false);
    }
  };

  if (wallet) {
    return (
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
        data-testid="pos-wallet-checked"
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {t('wallet.owner', { name: wallet.info.customer_name, phone: wallet.info.phone })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('wallet.balance')}:{' '}
            <Box component="strong" data-testid="pos-wallet-balance">
              {formatMoney(wallet.info.balance)}
            </Box>
          </Typography>
        </Box>
        <Button
          onClick={() => onChecked(null)}
          disabled={busy}
          sx={{ minHeight: 48 }}
          data-enter="own"
        >
          {t('wallet.otherCode')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('wallet.code')}
          helperText={t('wallet.codeHint')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            void check();
          }}
          disabled={busy}
          autoFocus
          fullWidth
          autoComplete="off"
          slotProps={{
            htmlInput: { maxLength: 40, 'data-enter': 'own', 'data-testid': 'pos-wallet-code' },
          }}
        />
        <Button
          variant="outlined"
          onClick={() => void check()}
          loading={checking}
          disabled={busy}
          sx={{ minHeight: 56, flexShrink: 0 }}
          data-enter="own"
          data-testid="pos-wallet-check"
        >
          {t('wallet.check')}
        </Button>
      </Stack>
      {problem && (
        <Alert severity="error" data-testid="pos-wallet-problem">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
