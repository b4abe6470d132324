import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The URL's query and a way to change it in place (no step of its own for Back) whose changes
 * compose. React Router's updater does not queue: its `previous` is the URL as last rendered, so
 * a second change made before that render (a "to" date typed right after "from") would drop the
 * first. Here a change starts from the last query asked for while the page still shows the one it
 * was asked from.
 */
export function useSearchUpdate() {
  const [search, setSearch] = useSearchParams();
  const asked = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);
  const update = useCallback(
    (change: (previous: URLSearchParams) => URLSearchParams) => {
      const next = change(asked.current?.from === search ? asked.current.next : search);
      asked.current = { from: search, next };
      setSearch(next, { replace: true });
    },
    [search, setSearch],
  );
  return [search, update] as const;
}
