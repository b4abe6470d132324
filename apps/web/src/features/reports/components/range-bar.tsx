import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import type { OutletChoice } from '../../../lib/outlet-scope';
import { useReportStrings } from '../i18n';
import { rangePresets, type RangePreset } from '../range';
import type { ReportParams, ReportPatch } from '../report-params';

/** An ISO date as SPEC §9 shows dates (YYYY/MM/DD). */
const slashed = (iso: string) => iso.replaceAll('-', '/');

/** A typed YYYY/MM/DD (or YYYY-MM-DD, one-digit month and day allowed) as an ISO date; null if no such day. */
export function parseSlashedDate(text: string): string | null {
  const m = /^\s*(\d{4})[/-](\d{1,2})[/-](\d{1,2})\s*$/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const at = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * A date typed as YYYY/MM/DD (SPEC §9; a browser's date input shows its own locale's format
 * instead), taken when the field is left or Enter pressed, with the browser's calendar one click
 * away through a hidden native date input.
 */
function DateField({
  label,
  value,
  error,
  testId,
  onCommit,
}: {
  label: string;
  value: string;
  error?: string;
  testId: string;
  onCommit: (iso: string) => void;
}) {
  const { t, ts } = useReportStrings();
  const [text, setText] = useState(slashed(value));
  const [invalid, setInvalid] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // A new value from outside (a preset, the calendar, the URL) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(slashed(value));
    setInvalid(false);
  }
  const commit = () => {
    const iso = parseSlashedDate(text);
    setInvalid(iso === null);
    if (iso && iso !== value) onCommit(iso);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      placeholder="YYYY/MM/DD"
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      error={invalid || Boolean(error)}
      helperText={invalid ? ts('validation.date_invalid') : error}
      sx={{ width: 190 }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId, inputMode: 'numeric', maxLength: 10 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('range.pickDate', { label })}
                onClick={() => picker.current?.showPicker?.()}
              >
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={value}
                onChange={(e) => {
                  if (e.target.value) onCommit(e.target.value);
                }}
                // Rendered (showPicker needs that) but unseen, under the button so the calendar
                // opens there.
                style={{
                  position: 'absolute',
                  right: 8,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                  pointerEvents: 'none',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

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
      error={errors[key]}
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
