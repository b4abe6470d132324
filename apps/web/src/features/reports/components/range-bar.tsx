import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DateField } from '../../../components/date-field/date-field';
import type { OutletChoice } from '../../../lib/outlet-scope';
import { useReportStrings } from '../i18n';
import { rangePresets, type RangePreset } from '../range';
import type { ReportParams, ReportPatch } from '../report-params';

/** Range presets, custom dates and the outlet filter of the report. */
export function RangeBar({
  params,
  onChange,
  outlets,
  showOutlet,
  errors,
}: {
  params: ReportParams;
  onChange: (patch: ReportPatch) => void;
  outlets: OutletChoice[];
  showOutlet: boolean;
  errors: { from?: string; to?: string };
}) {
  const { t } = useReportStrings();

  const dateField = (key: 'from' | 'to') => (
    <DateField
      label={t(`range.${key}`)}
      value={params[key]}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      testId={`report-${key}`}
      onCommit={(iso) => onChange({ [key]: iso })}
    />
  );

  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      className="kopi-no-print"
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={params.range}
        aria-label={t('range.label')}
        onChange={(_, value: RangePreset | null) => {
          if (value) onChange({ range: value });
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {rangePresets.map((preset) => (
          <ToggleButton
            key={preset}
            value={preset}
            data-testid={`report-range-${preset}`}
            sx={{ px: 1.5, textTransform: 'none', whiteSpace: 'nowrap' }}
          >
            {t(`range.${preset}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {params.range === 'custom' && (
        <>
          {dateField('from')}
          {dateField('to')}
        </>
      )}
      {showOutlet && (
        <TextField
          select
          size="small"
          label={t('range.outlet')}
          // An id the list does not hold (yet) would make MUI warn: shown as all until it loads.
          value={outlets.some((o) => o.id === params.outlet) ? params.outlet : ''}
          onChange={(e) => onChange({ outlet: e.target.value || null })}
          sx={{ minWidth: 200 }}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              displayEmpty: true,
              SelectDisplayProps: { 'data-testid': 'report-outlet' } as object,
            },
          }}
        >
          <MenuItem value="">{t('range.allOutlets')}</MenuItem>
          {outlets.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
