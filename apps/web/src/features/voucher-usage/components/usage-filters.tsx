import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Outlet } from '@kopi/contract';
import { DateField } from '../../../components/date-field/date-field';
import { useVoucherUsageStrings } from '../i18n';

/** The outlet filter of the usage views: every outlet, or one. */
export function OutletFilter({
  outlets,
  value,
  onChange,
  testId,
}: {
  outlets: readonly Outlet[];
  value: string | null;
  onChange: (outletId: string | null) => void;
  testId: string;
}) {
  const { t } = useVoucherUsageStrings();
  return (
    <TextField
      select
      size="small"
      label={t('filters.outlet')}
      // An id the list does not hold (yet) would make MUI warn: shown as all until it loads.
      value={outlets.some((o) => o.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value || null)}
      sx={{ minWidth: 200 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">{t('filters.allOutlets')}</MenuItem>
      {outlets.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** From and to business dates, each checked where it is typed. */
export function DateRange({
  from,
  to,
  onChange,
  errors,
}: {
  from: string;
  to: string;
  onChange: (patch: { from?: string; to?: string }) => void;
  errors: { from?: string; to?: string };
}) {
  const { t } = useVoucherUsageStrings();
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      {(['from', 'to'] as const).map((key) => (
        <DateField
          key={key}
          label={t(`filters.${key}`)}
          value={key === 'from' ? from : to}
          error={Boolean(errors[key])}
          helperText={errors[key]}
          testId={`usage-${key}`}
          onCommit={(iso) => onChange({ [key]: iso })}
        />
      ))}
    </Box>
  );
}
