import type { SalesReport } from '@kopi/contract';

// The chart draws with @mui/x-charts (SVG measured in a real browser); page tests mock it with
// this stand-in, which only says what it was given.

export const fakeReportChart = {
  ReportChart: ({ report }: { report: SalesReport }) => (
    <div data-testid="report-chart" data-rows={report.rows.length} />
  ),
};
