import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CashCount, cashCountTotal, denominations } from '@kopi/contract';
import { formatMoney } from '../../lib/formatters';
import { useShiftStrings } from './i18n';

/** A typed count ("", "3", "03") as pieces; anything else (a sign, a decimal) as none. */
export function piecesOf(text: string): number {
  if (!/^\d{1,4}$/.test(text.trim())) return 0;
  return Number(text.trim());
}

/**
 * The drawer counted note by note and coin by coin (RM 100 … 5 sen), with what it adds up to:
 * the opening float and the closing count are both entered here.
 */
export function CashCountFields({
  value,
  onChange,
  idPrefix,
  autoFocus,
}: {
  value: CashCount;
  onChange: (next: CashCount) => void;
  idPrefix: string;
  autoFocus?: boolean;
}) {
  const { t } = useShiftStrings();
  const total = cashCountTotal(value);
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' },
          gap: 1.5,
        }}
      >
        {denominations.map((d, i) => {
          const name = t(`denomination.${d.key}`);
          return (
            <TextField
              key={d.key}
              id={`${idPrefix}-${d.key}`}
              label={name}
              size="small"
              value={value[d.key] === 0 ? '' : String(value[d.key])}
              placeholder="0"
              autoFocus={autoFocus === true && i === 0}
              onChange={(e) => onChange({ ...value, [d.key]: piecesOf(e.target.value) })}
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  pattern: '[0-9]*',
                  maxLength: 4,
                  'aria-label': t('denomination.count', { name }),
                  'data-testid': `${idPrefix}-${d.key}`,
                  style: { minHeight: 28 },
                },
              }}
            />
          );
        })}
      </Box>
      <Typography
        variant="subtitle1"
        sx={{ mt: 1.5, textAlign: 'right', fontWeight: 600 }}
        data-testid={`${idPrefix}-total`}
        aria-live="polite"
      >
        {t('denomination.total')}: {formatMoney(total)}
      </Typography>
    </Box>
  );
}
