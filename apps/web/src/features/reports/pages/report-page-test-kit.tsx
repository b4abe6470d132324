import { waitFor, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesReport } from '@kopi/contract';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { emptySession, sessionStore } from '../../../lib/session/session-store';
import { resetToasts } from '../../../lib/toasts';
import { type Call, mockFetch, outletFilterAnswer } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ReportPage } from './report-page';

const EXPORT = '/api/reports/sales/export';

/**
 * Installs the report tests' hooks: each starts signed out with a download's object URL stubbed
 * (jsdom has none), and ends with the stubs, toasts and session undone.
 */
export function installReportTestHooks() {
  beforeEach(() => {
    sessionStore.setState(emptySession);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetToasts();
    sessionStore.setState(emptySession);
  });
}

/** The query of each call to `path` (the report by default), in order. */
export const reportCalls = (calls: Call[], path = '/api/reports/sales') =>
  calls
    .map((c) => new URL(c.url, 'http://x'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));

/**
 * Renders the report page at `route` with the report answered by `answer`, an export answered
 * with a small CSV and the report's outlet filter answered; gives the calls made.
 */
export function renderReportPage(
  route: string,
  answer: (url: URL) => SalesReport,
  can: (action: string, subject: string) => boolean = () => true,
) {
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/reports/sales') return { body: { data: answer(url) } };
    if (url.pathname === EXPORT) return { status: 200, body: 'a,b' };
    if (url.pathname === '/api/reports/outlets') return outletFilterAnswer();
    return undefined;
  });
  renderWithProviders(<ReportPage />, { route, path: '/report', can });
  return calls;
}

/** Exports the report on screen as CSV, then as XLSX; gives the two export queries. */
export async function exportCsvAndXlsx(calls: Call[]) {
  await userEvent.click(screen.getByTestId('report-export-csv'));
  await waitFor(() => expect(reportCalls(calls, EXPORT)).toHaveLength(1));
  await waitFor(() => expect(screen.getByTestId('report-export-xlsx')).toBeEnabled());
  await userEvent.click(screen.getByTestId('report-export-xlsx'));
  await waitFor(() => expect(reportCalls(calls, EXPORT)).toHaveLength(2));
  return reportCalls(calls, EXPORT);
}
