import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { chartMax, formatCompactNumber } from '../../lib/formatters';

// The bar chart of the report and the dashboard, with SPEC §9's rules: axis numbers above 9999 as
// "12.3k" (else with separators), and a value axis that goes to 8 when there is nothing to draw
// (empty or all zero) instead of collapsing. Loaded only by the pages that draw charts (lazily):
// @mui/x-charts is large and must stay out of the sign-in page and the shell.

export interface KopiBarSeries {
  id: string;
  label: string;
  values: readonly number[];
  /** The compared period: drawn in a lighter tone of the primary colour. */
  muted?: boolean;
}

export interface KopiBarChartProps {
  /** Accessible name of the figure (the table beside it holds the same numbers). */
  label: string;
  /** Category labels, already formatted. */
  categories: readonly string[];
  series: readonly KopiBarSeries[];
  /** Tooltip values (e.g. money). */
  formatValue: (value: number) => string;
  /** Axis tick values; SPEC §9 compact numbers by default. */
  formatTick?: (value: number) => string;
  /** Bars along the horizontal axis with categories down the side (long names). */
  horizontal?: boolean;
  height?: number;
  /** Width kept for category labels of a horizontal chart. */
  categoryWidth?: number;
  testId?: string;
}

export function KopiBarChart({
  label,
  categories,
  series,
  formatValue,
  formatTick = (v) => formatCompactNumber(v),
  horizontal = false,
  height = 300,
  categoryWidth = 120,
  testId,
}: KopiBarChartProps) {
  const theme = useTheme();
  const values = series.flatMap((s) => [...s.values]);
  // chartMax gives 8 for nothing or all zero; otherwise the axis chooses a rounded maximum.
  const max = chartMax(values);
  const emptyMax = values.every((v) => v === 0) ? max : undefined;
  const bandAxis = {
    scaleType: 'band' as const,
    data: [...categories],
    tickLabelMinGap: 8,
  };
  const valueAxis = {
    max: emptyMax,
    min: 0,
    valueFormatter: (v: number, ctx: { location: string }) =>
      ctx.location === 'tick' ? formatTick(v) : formatValue(v),
  };

  return (
    <Box
      component="figure"
      aria-label={label}
      data-testid={testId}
      data-max={emptyMax ?? ''}
      sx={{ m: 0, width: '100%', minWidth: 0 }}
    >
      <BarChart
        height={height}
        layout={horizontal ? 'horizontal' : 'vertical'}
        xAxis={[horizontal ? { ...valueAxis, id: 'value' } : { ...bandAxis, id: 'band' }]}
        yAxis={[
          horizontal
            ? { ...bandAxis, id: 'band', width: categoryWidth }
            : { ...valueAxis, id: 'value', width: 56 },
        ]}
        series={series.map((s) => ({
          id: s.id,
          label: s.label,
          data: [...s.values],
          color: s.muted ? alpha(theme.palette.primary.main, 0.35) : theme.palette.primary.main,
          valueFormatter: (v: number | null) => (v === null ? '' : formatValue(v)),
        }))}
        grid={horizontal ? { vertical: true } : { horizontal: true }}
        margin={{ top: 8, right: horizontal ? 28 : 16, bottom: 8, left: 8 }}
        hideLegend={series.length < 2}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
      />
    </Box>
  );
}
