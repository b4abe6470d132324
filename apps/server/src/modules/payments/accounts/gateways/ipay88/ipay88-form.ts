import type { FormFields } from '../shared/form-body';

// iPay88 takes the payment request only as a form POST from the customer's browser, so the
// server hands the browser a page that posts the signed fields at once. Every value is escaped:
// a product description or a name must never become markup.

export function ipay88AutoSubmitPage(actionUrl: string, fields: FormFields): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  // The page knows no language of its customer: its one button (shown without scripts) says both.
  return (
    '<!doctype html><html><head><meta charset="utf-8"><title>iPay88</title></head>' +
    `<body onload="document.forms[0].submit()"><form method="post" action="${escape(actionUrl)}">` +
    `${inputs}<noscript><button type="submit">Continue to iPay88 · Teruskan ke iPay88</button></noscript></form></body></html>`
  );
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
