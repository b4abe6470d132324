import { useQuery } from '@tanstack/react-query';
import { defaultTimezone, type OrderOutlet, type Outlet } from '@kopi/contract';
import { useCan } from './can-context';
import { http } from './http/http';
import { useSessionUser } from './session/session-store';

// The outlets a screen may filter by (the order screens, the report, the dashboard). Staff bound
// to an outlet (`id_outlet`) only ever see theirs — the server scopes them anyway — so there is
// nothing to choose; others choose among the outlets when they may read them (read outlet; the
// order screens: read order, see below). Same query key as the outlet screens' full list, so a
// change there refreshes the choices here.

export interface OutletChoice {
  id: string;
  name: string;
  code: string;
  timezone: string;
}

export const outletChoicesKey = () => ['outlets', 'all'] as const;
/** Under the orders key, so refreshing the order screens refreshes their outlets too. */
export const orderOutletChoicesKey = () => ['orders', 'outlets'] as const;

const listOutletChoices = () =>
  http.get<Outlet[]>('/outlets', { query: { page: 1, page_size: 100 } });
const listOrderOutletChoices = () => http.get<OrderOutlet[]>('/orders/outlets');

/**
 * `source: 'orders'` (the order screens): the outlets whose orders the user reads, offered with
 * read order alone (GET /api/orders/outlets), so a role that reads orders but not outlets can
 * still filter by outlet and pick one for a Z-report. Other screens need read outlet.
 */
export function useOutletScope({ source = 'outlets' }: { source?: 'outlets' | 'orders' } = {}) {
  const user = useSessionUser();
  const can = useCan();
  const boundId = user?.id_outlet ?? null;
  const orders = source === 'orders';
  const mayList = !boundId && (orders ? can('read', 'order') : can('read', 'outlet'));
  const choices = useQuery<(Outlet | OrderOutlet)[]>({
    queryKey: orders ? orderOutletChoicesKey() : outletChoicesKey(),
    queryFn: orders ? listOrderOutletChoices : listOutletChoices,
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
