import { describe, expect, it } from 'vitest';
import { transferSlipPdf } from './transfer-slip-pdf';

describe('transferSlipPdf', () => {
  it('writes a PDF whose cross-reference table points at each of its objects', () => {
    const pdf = transferSlipPdf(['Funds transfer successful', 'Reference: (MBB) 100008 \\ é']);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((at, i) => expect(text.slice(at, at + 8)).toBe(`${i + 1} 0 obj\n`));
    // Parentheses and backslashes escaped, a letter beyond ASCII replaced: the string stays whole.
    expect(text).toContain('(Reference: \\(MBB\\) 100008 \\\\ ?) Tj');
    const length = Number(/\/Length (\d+)/.exec(text)![1]);
    const stream = text.slice(text.indexOf('stream\n') + 7, text.indexOf('\nendstream'));
    expect(stream.length).toBe(length);
  });
});
