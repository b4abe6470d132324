import { useCallback, useMemo } from 'react';
import { roleDescription, roleName } from '@kopi/contract';
import { useTranslation } from './i18n/use-translation';

// Role names and descriptions on screen: a built-in role (admin, manager, cashier…) in the
// screen's language, a role a business named as typed. The rule is the contract's.

export function useRoleTexts() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const name = useCallback((stored: string) => roleName(language, stored), [language]);
  const description = useCallback(
    (stored: string, text: string | null) => roleDescription(language, stored, text),
    [language],
  );
  return useMemo(() => ({ name, description }), [name, description]);
}
