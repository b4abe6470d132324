import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n';

// A small hook over i18next instead of react-i18next: the same `t`, re-rendering when the
// language changes or its strings arrive, without the binding library's weight on the sign-in
// page (decision 064: the sign-in budget).
let version = 0;
const listeners = new Set<() => void>();
const notify = () => {
  version += 1;
  for (const listener of [...listeners]) listener();
};
i18n.on('languageChanged', notify);
i18n.store.on('added', notify);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const snapshot = () => version;

export function useTranslation() {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const t = useMemo(
    () => i18n.getFixedT(i18n.language),
    // current: a new t after each language change so memoised children re-render
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current],
  );
  return { t, i18n };
}
