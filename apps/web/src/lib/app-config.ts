// The app title is defined once: cookies, storage keys and the document title derive from it.
export const appTitle = 'Kopi HQ';
export const appSlug = 'kopi-hq';

/** Prefixed key for cookies and browser storage ("kopi-hq-theme"). */
export const storageKey = (name: string) => `${appSlug}-${name}`;
