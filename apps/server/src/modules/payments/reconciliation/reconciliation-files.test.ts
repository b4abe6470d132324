import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { readSettlementFile, ringgitToSen, senOf } from './reconciliation-files';

// The gateways' settlement files read strictly: each provider's fixture (written from its
// documented export, or the minimal format decision 047 names where none is published) gives its
// payments in sen, skips what is not a payment (refunds, fees), reports a bad row with its line
// and refuses a file that is not that provider's.

/** The code of the AppError `read` throws (or null when it reads). */
function codeOf(read: () => unknown): string | null {
  try {
    read();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}
const expectAppError = (read: () => unknown, code: string) => expect(codeOf(read)).toBe(code);

/** A payment a settlement file lists, in ringgit as every gateway here settles. */
const ringgitEntry = (line: number, references: string[], status: string, amount: number) => ({
  line,
  references,
  status,
  amount,
  currency: 'MYR',
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/settlement-files/${name}`, import.meta.url), 'utf8');

describe('amounts', () => {
  it('reads ringgit to sen by pattern, never through floating point', () => {
    expect(ringgitToSen('12.50')).toBe(1250);
    expect(ringgitToSen('12.5')).toBe(1250);
    expect(ringgitToSen('12')).toBe(1200);
    expect(ringgitToSen('1,278.99')).toBe(127899);
    expect(ringgitToSen('-12.50')).toBe(-1250);
    expect(ringgitToSen('0.29')).toBe(29);
    for (const bad of ['12.505', '1,27.00', '12,50', '1e3', '12.5O', '', ' . ', '+12.00', '0x10']) {
      expect(ringgitToSen(bad), bad).toBeNull();
    }
    expect(senOf('1250')).toBe(1250);
    for (const bad of ['12.50', '-1', '1,250', '']) expect(senOf(bad), bad).toBeNull();
  });
});

describe('settlement files', () => {
  it("reads Stripe's itemized balance report: charges by PaymentIntent, refunds left out", () => {
    const read = readSettlementFile('stripe', fixture('stripe-balance-itemized.csv'));
    expect(read.entries).toEqual([
      ringgitEntry(2, ['pi_fake_matched', 'ch_3Fake0001'], 'paid', 1250),
      ringgitEntry(3, ['pi_fake_unknown', 'ch_3Fake0002'], 'paid', 101250),
    ]);
    expect(read.rejected).toEqual([
      { line: 5, message: 'Amount "12.5O" is not an amount of money' },
    ]);
  });

  it("reads Billplz's bills by id with amounts in sen", () => {
    const read = readSettlementFile('billplz', fixture('billplz-bills.csv'));
    expect(read.entries).toEqual([
      ringgitEntry(2, ['8X0Iyzaw'], 'paid', 1250),
      ringgitEntry(3, ['8X0Iyzax'], 'pending', 0),
    ]);
    expect(read.rejected).toEqual([
      { line: 4, message: 'Amount "12.50" is not an amount of money' },
    ]);
  });

  it("reads iPay88's transactions by RefNo and TransId, Status 1 paid", () => {
    const read = readSettlementFile('ipay88', fixture('ipay88-transactions.csv'));
    expect(read.entries).toEqual([
      ringgitEntry(2, ['KOPI-0001', 'T012345678'], 'paid', 127899),
      ringgitEntry(3, ['KOPI-0002', 'T012345679'], 'failed', 1250),
    ]);
    expect(read.rejected.map((r) => r.line)).toEqual([4]);
  });

  it("reads Fiuu's daily reconciliation file past its file header, payments only", () => {
    const read = readSettlementFile('fiuu', fixture('fiuu-transaction_20260610.txt'));
    expect(read.entries).toEqual([ringgitEntry(4, ['KOPI-F-0001', '3000000101'], 'paid', 1250)]);
    expect(read.rejected).toEqual([{ line: 6, message: 'Amount "abc" is not an amount of money' }]);
  });

  it("reads Fiuu's records by their documented order when no row names them", () => {
    const read = readSettlementFile('fiuu', fixture('fiuu-transaction_20260611.txt'));
    expect(read).toEqual({
      entries: [ringgitEntry(3, ['KOPI-F-0011', '3000000201'], 'paid', 101250)],
      rejected: [],
    });
  });

  it("refuses a file that is not the provider's, and a provider with no known file", () => {
    const refused = (provider: string, text: string) =>
      expectAppError(() => readSettlementFile(provider, text), 'settlement_file_invalid');
    refused('stripe', fixture('billplz-bills.csv'));
    refused('billplz', fixture('stripe-balance-itemized.csv'));
    refused('fiuu', fixture('ipay88-transactions.csv'));
    refused('billplz', 'not,a\n"broken');
    refused('paypal', 'id,state\n');
  });
});
