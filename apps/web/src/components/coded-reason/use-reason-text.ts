import { codedReasonOf, reasonMessage } from '@kopi/contract';
import { useCallback } from 'react';
import { useCodedReasonStrings } from './i18n';

// The one way a screen shows a stored reason: the server's coded reason in the screen's language
// (money as "RM 1,234.50", days as YYYY/MM/DD), what a person typed as typed.

export interface ReasonRow {
  reason: string | null;
  reason_code: string | null;
  reason_params: unknown;
}

/** `(row) => its reason in words`, null when it has none. */
export function useReasonText() {
  const { t, language } = useCodedReasonStrings();
  return useCallback(
    (row: ReasonRow): string | null => {
      const coded = codedReasonOf(row);
      if (!coded) return row.reason;
      const { key, values } = reasonMessage(coded, language === 'my' ? 'my' : 'en');
      return t(key, values);
    },
    [t, language],
  );
}
