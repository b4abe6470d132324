import { lazy, type ReactElement } from 'react';

/**
 * A lazily loaded page that loads only when the test calls `release`, as a page loading inside a
 * transition. It shows "details".
 */
export function slowPage() {
  let resolvePage = () => {};
  const SlowDetails = lazy(
    () =>
      new Promise<{ default: () => ReactElement }>((resolve) => {
        resolvePage = () => resolve({ default: () => <p>details</p> });
      }),
  );
  return { SlowDetails, release: () => resolvePage() };
}
