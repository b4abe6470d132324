import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@kopi/contract';
import { http } from '../../lib/http/http';

// GET /api/dashboard (read-dashboard): today's business day against the same weekday last week.
// Outlet-bound staff always get their outlet from the server.

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (outletId: string | null) => [...dashboardKeys.all, outletId ?? 'all'] as const,
};

/** Failures show on the dashboard (with a retry), not as a toast over the welcome. */
export const getDashboard = (outletId: string | null) =>
  http.get<Dashboard>('/dashboard', {
    query: { outlet_id: outletId ?? undefined },
    errorToast: 'silent',
  });

/**
 * Live events refetch it (see the page); `pollMs` takes over while the live link is down, and a
 * slow poll always runs so "today" moves on at the cut-off and the hours fill in.
 */
export function useDashboard(outletId: string | null, enabled: boolean, pollMs: number) {
  return useQuery({
    queryKey: dashboardKeys.figures(outletId),
    queryFn: () => getDashboard(outletId),
    enabled,
    refetchInterval: pollMs,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}
