import { useCallback, useState } from 'react';

/**
 * State that starts over at `initial` whenever `key` changes (another outlet has its own hours,
 * categories and refusals). It is reset while rendering, so no render shows the old key's value.
 */
export function useStatePerKey<T>(key: unknown, initial: T): [T, (value: T) => void] {
  const [state, setState] = useState({ key, value: initial });
  if (state.key !== key) setState({ key, value: initial });
  const set = useCallback((value: T) => setState((s) => ({ key: s.key, value })), []);
  return [state.key === key ? state.value : initial, set];
}
