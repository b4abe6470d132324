import { defaultTimezone } from '@kopi/contract';
import { useCan } from '../../lib/can-context';
import { useSessionUser } from '../../lib/session/session-store';
import { useOutletChoices } from './api';

export interface OutletChoice {
  id: string;
  name: string;
  timezone: string;
}

/**
 * The outlets the user works with on the order screens. Staff bound to an outlet (`id_outlet`)
 * only ever see theirs, so there is nothing to choose; others choose among the outlets when they
 * may read them (read outlet).
 */
export function useOutletScope() {
  const user = useSessionUser();
  const can = useCan();
  const boundId = user?.id_outlet ?? null;
  const mayList = !boundId && can('read', 'outlet');
  const choices = useOutletChoices(mayList);
  const outlets: OutletChoice[] = boundId
    ? [{ id: boundId, name: user?.outlet_name ?? '', timezone: defaultTimezone }]
    : mayList
      ? (choices.data ?? []).map((o) => ({ id: o.id, name: o.name, timezone: o.timezone }))
      : [];
  return {
    /** Bound staff: the one outlet, no outlet filter or picker. */
    bound: Boolean(boundId),
    /** Whether an outlet filter/picker is offered. */
    choosable: mayList,
    outlets,
    loading: mayList && choices.isPending,
  };
}
