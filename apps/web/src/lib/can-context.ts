import { createContext, useContext } from 'react';

/**
 * The route guard asks "may the user do this?" through this context. The default shell provides
 * it from the CASL ability, so CASL loads with the shell and not with the sign-in page.
 */
export type CanCheck = (action: string, subject: string) => boolean;

const CanContext = createContext<CanCheck>(() => false);

export const CanProvider = CanContext.Provider;
export const useCan = () => useContext(CanContext);

/**
 * A list page's three write abilities on its subject. Some screens split one resource over two
 * subjects (a product is created from the list but edited under add-product), hence the overrides.
 */
export function useCrudAbilities(
  subject: string,
  overrides: { create?: string; update?: string } = {},
) {
  const can = useCan();
  return {
    can,
    mayCreate: can('create', overrides.create ?? subject),
    mayUpdate: can('update', overrides.update ?? subject),
    mayDelete: can('delete', subject),
  };
}
