import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { businessDate } from '@kopi/contract';
import { DateField } from '../../../components/date-field/date-field';
import { useOrderStrings } from '../i18n';
import type { OutletChoice } from '../../../lib/outlet-scope';

export interface DayChoice {
  outletId: string;
  date: string;
}

/**
 * The outlet and business date a day close or Z-report is about. The date starts at the
 * outlet's current business day (Malaysia time, before the 04:00 cut-off it is still yesterday).
 */
export function useDayChoice(outlets: OutletChoice[]) {
  const [picked, setPicked] = useState<Partial<DayChoice>>({});
  const outletId = picked.outletId ?? (outlets.length === 1 ? outlets[0]!.id : '');
  const outlet = outlets.find((o) => o.id === outletId);
  const date = picked.date ?? businessDate(new Date(), outlet?.timezone);
  return {
    outletId,
    outlet,
    date,
    setOutletId: (id: string) => setPicked((p) => ({ ...p, outletId: id })),
    setDate: (value: string) => setPicked((p) => ({ ...p, date: value })),
    reset: () => setPicked({}),
  };
}

export function DayFields({
  outlets,
  choosable,
  outletId,
  date,
  onOutletChange,
  onDateChange,
  disabled,
  testIdPrefix,
}: {
  outlets: OutletChoice[];
  choosable: boolean;
  outletId: string;
  date: string;
  onOutletChange: (id: string) => void;
  onDateChange: (date: string) => void;
  disabled?: boolean;
  testIdPrefix: string;
}) {
  const { t } = useOrderStrings();
  const only = !choosable ? outlets[0] : undefined;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
      {choosable ? (
        <TextField
          select
          required
          label={t('day.outlet')}
          value={outlets.some((o) => o.id === outletId) ? outletId : ''}
          onChange={(e) => onOutletChange(e.target.value)}
          disabled={disabled}
          sx={{ minWidth: 220, flex: 1 }}
          slotProps={{
            select: {
              SelectDisplayProps: { 'data-testid': `${testIdPrefix}-outlet` } as object,
            },
          }}
        >
          {outlets.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      ) : only?.name ? (
        <Typography sx={{ alignSelf: 'center', flex: 1 }}>
          {t('day.outlet')}: <strong>{only.name}</strong>
        </Typography>
      ) : null}
      <DateField
        required
        size="medium"
        label={t('day.date')}
        value={date}
        onCommit={onDateChange}
        disabled={disabled}
        sx={{ minWidth: 190 }}
        testId={`${testIdPrefix}-date`}
      />
    </Stack>
  );
}
