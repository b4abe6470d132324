import { describe, expect, it } from 'vitest';
import { applyReportPatch, parseReportParams, reportSearch, viewGroupBy } from './report-params';

const today = '2026-03-15';
const kl = '2c6c1f7e-8a3b-4b8a-9d0e-1f2a3b4c5d6e';
const parse = (search: string) => parseReportParams(new URLSearchParams(search), today);

describe('report URL state', () => {
  it('defaults to total sales over the last 7 days, all outlets', () => {
    expect(parse('')).toEqual({
      view: 'total-sales',
      range: 'last-7-days',
      from: '2026-03-09',
      to: '2026-03-15',
    });
    expect(reportSearch(parse('')).toString()).toBe('');
  });

  it('keeps a preset by name and works out its dates on the given day', () => {
    const p = parse(`view=by-outlet&range=last-month&outlet=${kl}`);
    expect(p).toEqual({
      view: 'by-outlet',
      range: 'last-month',
      from: '2026-02-01',
      to: '2026-02-28',
      outlet: kl,
    });
    // No dates in the URL for a preset: "last month" next month is that month's last month.
    expect(reportSearch(p).toString()).toBe(`view=by-outlet&range=last-month&outlet=${kl}`);
    expect(parseReportParams(new URLSearchParams(reportSearch(p)), '2026-04-02').from).toBe(
      '2026-03-01',
    );
  });

  it('writes the dates of a custom range and reads them back', () => {
    const p = parse('range=custom&from=2026-01-05&to=2026-02-10&view=by-product');
    expect(p).toMatchObject({ range: 'custom', from: '2026-01-05', to: '2026-02-10' });
    expect(parse(reportSearch(p).toString())).toEqual(p);
  });

  it('drops what makes no sense', () => {
    expect(parse('view=nope&range=forever&outlet=KL01')).toEqual(parse(''));
    // A custom range with a bad date falls back to the default range's date on that side.
    expect(parse('range=custom&from=2026-02-30&to=2026-03-01')).toMatchObject({
      range: 'custom',
      from: '2026-03-09',
      to: '2026-03-01',
    });
  });

  it('choosing custom starts from the dates on screen; typing a date makes the range custom', () => {
    const week = parse('range=this-month');
    const custom = applyReportPatch(week, { range: 'custom' }, today);
    expect(custom).toMatchObject({ range: 'custom', from: '2026-03-01', to: '2026-03-15' });
    const typed = applyReportPatch(parse(''), { from: '2026-03-01' }, today);
    expect(typed).toMatchObject({ range: 'custom', from: '2026-03-01', to: '2026-03-15' });
  });

  it('a preset replaces typed dates; a tab keeps the range and outlet', () => {
    const custom = parse(`range=custom&from=2026-01-01&to=2026-01-31&outlet=${kl}`);
    expect(applyReportPatch(custom, { range: 'yesterday' }, today)).toEqual({
      view: 'total-sales',
      range: 'yesterday',
      from: '2026-03-14',
      to: '2026-03-14',
      outlet: kl,
    });
    expect(applyReportPatch(custom, { view: 'by-source' }, today)).toEqual({
      ...custom,
      view: 'by-source',
    });
  });

  it('clearing the outlet shows all outlets again', () => {
    const p = parse(`outlet=${kl}`);
    expect(applyReportPatch(p, { outlet: null }, today)).toEqual(parse(''));
    expect(applyReportPatch(parse(''), { outlet: kl }, today).outlet).toBe(kl);
  });

  it('keeps the voucher view in the URL and asks the API by voucher', () => {
    const p = parse(`view=by-voucher&outlet=${kl}`);
    expect(p.view).toBe('by-voucher');
    expect(reportSearch(p).toString()).toBe(`view=by-voucher&outlet=${kl}`);
    expect(viewGroupBy[p.view]).toBe('voucher');
  });
});
