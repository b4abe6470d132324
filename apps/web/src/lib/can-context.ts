import { createContext, useContext } from 'react';

/**
 * The route guard asks "may the user do this?" through this context. The default shell provides
 * it from the CASL ability, so CASL loads with the shell and not with the sign-in page.
 */
export type CanCheck = (action: string, subject: string) => boolean;

const CanContext = createContext<CanCheck>(() => false);

export const CanProvider = CanContext.Provider;
export const useCan = () => useContext(CanContext);
