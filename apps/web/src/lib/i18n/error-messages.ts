import { errorCatalog, isErrorCode, type ErrorCode, type Locale } from '@kopi/contract';

// The server's error catalogue (code_message → en/my), loaded with the first failure: it grows
// with every area of the product and is not needed to draw a page.
export const errorMessages = (locale: Locale) =>
  Object.fromEntries(Object.entries(errorCatalog).map(([key, m]) => [key, m[locale]])) as Record<
    ErrorCode,
    string
  >;

export { isErrorCode };
