import { useEffect } from 'react';
import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import '../lib/i18n/shell-strings';
import { DefaultLayout } from '../components/layouts/default-layout';
import { createLiveRefresher } from '../lib/live/live-refresh';
import { queryClient } from '../lib/query-client';
import { appAbility } from '../lib/session/ability';
import { notificationKeys } from '../lib/session/query-keys';
import { liveSocket, onLiveOrderEvent } from '../lib/session/session-runtime';
import { CanBridge } from './can-bridge';

/**
 * Everything a signed-in page needs and the sign-in page does not: server-state cache, CASL
 * abilities and the navigation frame. Loaded with the first default-layout page.
 */
export function DefaultShell() {
  // Live order events refresh the bell, a burst of them (a rush, a replay after a reconnect) with
  // one request, as the board does.
  useEffect(() => {
    const refresher = createLiveRefresher({
      refresh: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    });
    const unsubscribe = onLiveOrderEvent(refresher.notify);
    const unwatchResyncs = liveSocket.resyncs.subscribe(refresher.now);
    return () => {
      unsubscribe();
      unwatchResyncs();
      refresher.dispose();
    };
  }, []);
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
