import { useCallback, type ReactNode } from 'react';
import { useAbility } from '@casl/react';
import type { AppAbility } from '../lib/abilities';
import { CanProvider } from '../lib/can-context';

/** Gives the route guard and pages the CASL ability as a plain "may the user do this?" check. */
export function CanBridge({ children }: { children: ReactNode }) {
  const ability = useAbility<AppAbility>();
  // useAbility re-renders on rule changes, so the guard sees new abilities at once.
  const can = useCallback(
    (action: string, subject: string) => ability.can(action, subject),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ability, ability.rules],
  );
  return <CanProvider value={can}>{children}</CanProvider>;
}
