import Box from '@mui/material/Box';
import { formatCompactNumber } from '../../../lib/formatters';
import { intlLocale } from '../../../lib/i18n/i18n';
import { formatPercentChange, type Change } from '../../../lib/percent-change';
import { useReportStrings } from '../i18n';

// Cells the report's tables share: a count kept short, and a change coloured by its direction.

export const count = (n: number) => (
  <span title={n > 9999 ? n.toLocaleString('en-MY') : undefined}>{formatCompactNumber(n)}</span>
);

export function ChangeCell({ change }: { change: Change | null }) {
  const { t, language } = useReportStrings();
  if (!change) return <>—</>;
  const text =
    change.percent === null
      ? t('table.new')
      : formatPercentChange(change.percent, intlLocale(language));
  return (
    <Box
      component="span"
      data-direction={change.direction}
      sx={{
        fontWeight: 600,
        color:
          change.direction === 'up'
            ? 'success.main'
            : change.direction === 'down'
              ? 'error.main'
              : 'text.secondary',
      }}
    >
      {text}
    </Box>
  );
}

