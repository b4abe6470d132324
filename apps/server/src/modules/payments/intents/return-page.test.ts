import { describe, expect, it } from 'vitest';
import { returnPage, wantsHtml } from './return-page';

describe("the customer's return page", () => {
  it('says how the payment stands in the language asked for', () => {
    const paid = returnPage('paid', 'en');
    expect(paid).toContain('<html lang="en">');
    expect(paid).toContain('<h1>Payment received</h1>');
    expect(paid).toContain('data-outcome="paid"');
    const failed = returnPage('failed', 'my');
    expect(failed).toContain('<html lang="ms">');
    expect(failed).toContain('<h1>Pembayaran tidak selesai</h1>');
  });

  it('has no script, so it shows under the content security policy', () => {
    for (const outcome of ['paid', 'pending', 'failed', 'unknown'] as const) {
      expect(returnPage(outcome, 'en')).not.toMatch(/<script|onload=|javascript:/i);
    }
  });

  it('tells a browser from an API client by its Accept header', () => {
    expect(wantsHtml('text/html,application/xhtml+xml,*/*;q=0.8')).toBe(true);
    expect(wantsHtml('application/json')).toBe(false);
    expect(wantsHtml(undefined)).toBe(false);
    expect(wantsHtml('*/*')).toBe(false);
  });
});
