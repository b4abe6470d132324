import { useCallback, useEffect } from 'react';
import { AbilityProvider, useAbility } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import '../lib/i18n/shell-strings';
import { DefaultLayout } from '../components/layouts/default-layout';
import type { AppAbility } from '../lib/abilities';
import { CanProvider } from '../lib/can-context';
import { queryClient } from '../lib/query-client';
import { appAbility } from '../lib/session/ability';
import { notificationKeys } from '../lib/session/query-keys';
import { onLiveOrderEvent } from '../lib/session/session-runtime';

function AbilityBridge() {
  const ability = useAbility<AppAbility>();
  // useAbility re-renders on rule changes, so the guard sees new abilities at once.
  const can = useCallback(
    (action: string, subject: string) => ability.can(action, subject),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ability, ability.rules],
  );
  return (
    <CanProvider value={can}>
      <DefaultLayout />
    </CanProvider>
  );
}

/**
 * Everything a signed-in page needs and the sign-in page does not: server-state cache, CASL
 * abilities and the navigation frame. Loaded with the first default-layout page.
 */
export function DefaultShell() {
  // A live order event refreshes the bell.
  useEffect(
    () =>
      onLiveOrderEvent(
        () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AbilityProvider value={appAbility}>
        <AbilityBridge />
      </AbilityProvider>
    </QueryClientProvider>
  );
}
