import { formatMessage, parseMessageKey, validationMessages } from './validation';
import { pinValidationMessages } from './pin-validation';
import { voucherValidationMessages } from './voucher-validation';

// The texts of every validation message, the shared ones and each screen's own, for the
// server's answers. Apart from validation.ts, so that a page which only reads messages (the
// web's sign-in page) does not carry every screen's texts.

/** A message's texts; undefined when unknown. */
function textsOf(key: string): { en: string; my: string } | undefined {
  for (const messages of [validationMessages, voucherValidationMessages, pinValidationMessages]) {
    if (Object.hasOwn(messages, key)) {
      return (messages as Record<string, { en: string; my: string }>)[key];
    }
  }
  return undefined;
}

/** Translates an encoded validation message; returns the input unchanged when not encoded. */
export function translateValidationMessage(message: string, locale: 'en' | 'my'): string {
  const parsed = parseMessageKey(message);
  const texts = parsed && textsOf(parsed.key);
  return parsed && texts ? formatMessage(texts[locale], parsed.params) : message;
}
