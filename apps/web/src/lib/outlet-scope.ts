import { useQuery } from '@tanstack/react-query';
import { defaultTimezone, type OrderOutlet, type ReportOutlet } from '@kopi/contract';
import { useCan } from './can-context';
import { http } from './http/http';
import { useSessionUser } from './session/session-store';

// The outlets a screen may filter by (the order screens, the report, the dashboard). Staff bound
// to an outlet (`id_outlet`) only ever see theirs — the server scopes them anyway — so there is
// nothing to choose; others choose among the outlets the screen reads, which each screen's API
// answers under the screen's own read permission: a role that reads orders or reports but not
// outlets (the demo's finance) still gets the filter.

export interface OutletChoice {
  id: string;
  name: string;
  code: string;
  timezone: string;
}

export type OutletScopeSource = 'orders' | 'reports' | 'dashboard';

// Each list lives under its screen's own query key, so refreshing the screen refreshes its
// outlets too.
const sources = {
  orders: { subject: 'order', path: '/orders/outlets' },
  reports: { subject: 'report', path: '/reports/outlets' },
  dashboard: { subject: 'dashboard', path: '/dashboard/outlets' },
} as const;

export const outletChoicesKey = (source: OutletScopeSource) => [source, 'outlets'] as const;

/**
 * The outlet choices of a screen: `orders` (GET /api/orders/outlets, read order), `reports`
 * (GET /api/reports/outlets, read report) or `dashboard` (GET /api/dashboard/outlets, read
 * dashboard).
 */
export function useOutletScope({ source }: { source: OutletScopeSource }) {
  const user = useSessionUser();
  const can = useCan();
  const boundId = user?.id_outlet ?? null;
  const { subject, path } = sources[source];
  const mayList = !boundId && can('read', subject);
  const choices = useQuery({
    queryKey: outletChoicesKey(source),
    queryFn: () => http.get<(OrderOutlet | ReportOutlet)[]>(path),
    enabled: mayList,
  });
  const outlets: OutletChoice[] = boundId
    ? [{ id: boundId, name: user?.outlet_name ?? '', code: '', timezone: defaultTimezone }]
    : mayList
      ? (choices.data ?? []).map((o) => ({
          id: o.id,
          name: o.name,
          code: o.code,
          timezone: o.timezone,
        }))
      : [];
  return {
    /** Bound staff: their one outlet, no outlet filter. */
    bound: Boolean(boundId),
    /** Whether an outlet filter is offered. */
    choosable: mayList,
    outlets,
    loading: mayList && choices.isPending,
  };
}
