import type { ReactNode } from 'react';
import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import '../lib/i18n/shell-strings';
import { LockScreenDialog } from '../components/lock-screen';
import { queryClient } from '../lib/query-client';
import { useIdleLock } from '../lib/session/idle-lock';
import { appAbility } from '../lib/session/ability';
import { CanBridge } from './can-bridge';

/**
 * A full-screen signed-in page (the POS) has no navigation frame but needs what the default
 * shell gives its pages: the query cache, abilities for its route guard, the idle lock and the
 * lock screen. Loaded with the first such page. The router passes the page in (`<Outlet />`):
 * importing react-router here made the bundler split it out of the entry, 2.6 kB more on /login.
 */
export function BlankShell({ children }: { children: ReactNode }) {
  useIdleLock();
  return (
    <QueryClientProvider client={queryClient}>
      <AbilityProvider value={appAbility}>
        <CanBridge>{children}</CanBridge>
      </AbilityProvider>
      <LockScreenDialog />
    </QueryClientProvider>
  );
}
