import type { Locale } from '@kopi/contract';

// The page the customer's browser lands on when a gateway sends it back (Billplz's redirect,
// iPay88's and Fiuu's return post). The customer came from the app and goes back to it: the page
// says how the payment stands, in the browser's language, and nothing more. It is plain HTML
// without scripts, so it shows under the server's content security policy and in any webview.

/** How the payment stands once the return is checked; `unknown`: it could not be checked. */
export type ReturnOutcome = 'paid' | 'pending' | 'failed' | 'unknown';

const texts: Record<Locale, Record<ReturnOutcome, { title: string; body: string }>> = {
  en: {
    paid: {
      title: 'Payment received',
      body: 'Your order is paid. You can go back to the app to follow it.',
    },
    pending: {
      title: 'Confirming your payment',
      body: "We are waiting for the bank's confirmation. The app shows your order's status as soon as it arrives.",
    },
    failed: {
      title: 'Payment not completed',
      body: 'The payment did not go through. Go back to the app to try again or choose another way to pay.',
    },
    unknown: {
      title: 'We could not confirm this payment',
      body: 'If you paid, your order updates once the bank confirms it. Go back to the app to see its status.',
    },
  },
  my: {
    paid: {
      title: 'Pembayaran diterima',
      body: 'Pesanan anda telah dibayar. Anda boleh kembali ke aplikasi untuk mengikutinya.',
    },
    pending: {
      title: 'Mengesahkan pembayaran anda',
      body: 'Kami sedang menunggu pengesahan bank. Aplikasi menunjukkan status pesanan anda sebaik sahaja ia diterima.',
    },
    failed: {
      title: 'Pembayaran tidak selesai',
      body: 'Pembayaran tidak berjaya. Kembali ke aplikasi untuk mencuba lagi atau pilih cara pembayaran lain.',
    },
    unknown: {
      title: 'Kami tidak dapat mengesahkan pembayaran ini',
      body: 'Jika anda telah membayar, pesanan anda dikemas kini sebaik sahaja bank mengesahkannya. Kembali ke aplikasi untuk melihat statusnya.',
    },
  },
};

/** Whether the caller is a browser (it asks for HTML) rather than an API client. */
export function wantsHtml(accept: string | string[] | undefined): boolean {
  const header = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return /(^|,)\s*text\/html\b/i.test(header);
}

export function returnPage(outcome: ReturnOutcome, locale: Locale): string {
  const { title, body } = texts[locale][outcome];
  const lang = locale === 'my' ? 'ms' : 'en';
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title><style>` +
    'body{font-family:system-ui,sans-serif;margin:0;display:flex;min-height:100vh;' +
    'align-items:center;justify-content:center;background:#faf7f2;color:#2b1d12}' +
    'main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}p{line-height:1.5}' +
    `</style></head><body><main data-outcome="${outcome}"><h1>${title}</h1><p>${body}</p></main>` +
    '</body></html>'
  );
}
