import { useEffect } from 'react';
import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import '../lib/i18n/shell-strings';
import { DefaultLayout } from '../components/layouts/default-layout';
import { queryClient } from '../lib/query-client';
import { appAbility } from '../lib/session/ability';
import { notificationKeys } from '../lib/session/query-keys';
import { onLiveOrderEvent } from '../lib/session/session-runtime';
import { CanBridge } from './can-bridge';

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
        <CanBridge>
          <DefaultLayout />
        </CanBridge>
      </AbilityProvider>
    </QueryClientProvider>
  );
}
