import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useReportParams } from './report-params';

// Two dates committed one right after the other (from, then to, before the page re-renders) must
// both land in the URL: the second change starts from the first, not from the URL the page last
// rendered.

const today = '2026-11-30';
const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/report?range=custom&from=2026-10-01&to=2026-10-31']}>
    {children}
  </MemoryRouter>
);

describe('useReportParams', () => {
  it('keeps both dates when from and to are committed back to back', () => {
    const { result } = renderHook(
      () => ({ report: useReportParams(today), location: useLocation() }),
      { wrapper },
    );
    act(() => {
      result.current.report.update({ from: '2026-11-29' });
      result.current.report.update({ to: '2026-11-30' });
    });
    const search = new URLSearchParams(result.current.location.search);
    expect([search.get('from'), search.get('to')]).toEqual(['2026-11-29', '2026-11-30']);
    expect(result.current.report.params).toMatchObject({ from: '2026-11-29', to: '2026-11-30' });
  });
});
