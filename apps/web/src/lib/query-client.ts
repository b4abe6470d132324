import { QueryClient } from '@tanstack/react-query';
import { sessionStore } from './session/session-store';

// SPEC §7: idempotent calls are not retried, so queries do not retry behind the client's back;
// screens offer a "Retry" button instead. Failures already surface as toasts.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 0, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: 0 },
  },
});

// Nothing cached for one user may show for the next: signing out (or a 401) empties the cache.
sessionStore.subscribe(() => {
  if (!sessionStore.getState().token) queryClient.clear();
});
