import { importResultSchema, productImportColumns } from '@kopi/contract';
import ExcelJS from 'exceljs';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { demoCategory, multipart, pngImage, useOtherTenant } from '../../test/catalogue-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { formatRinggit, parseRinggit } from './product-files';
import { expectCode } from '../../test/expect-code';

// Export and import of the product file: same columns both ways, prices in ringgit, every row
// checked, nothing written unless the whole file is valid.

const { t, api, as } = useTestApp({ signIn: ['admin'] });
const { admin } = as;
const other = useOtherTenant(t, 'import-rival');

const exportFile = (query: string, headers = admin) =>
  api.get(`/api/products/export?${query}`, headers);

const importFile = (
  file: Buffer,
  mode: 'preview' | 'commit',
  name = 'products.csv',
  headers = admin,
) => {
  const body = multipart(file, name, 'text/csv');
  return api.post(`/api/products/import?mode=${mode}`, body.payload, {
    ...headers,
    'content-type': body.contentType,
  });
};

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);
const HEADER = productImportColumns.join(',');
const count = async (skuPrefix: string) =>
  (
    await t.database.db
      .select()
      .from(products)
      .where(like(products.sku, `${skuPrefix}%`))
  ).length;

describe('ringgit in files', () => {
  it('formats sen with two decimals and reads what people type', () => {
    expect(formatRinggit(1250)).toBe('12.50');
    expect(formatRinggit(5)).toBe('0.05');
    expect(['12.50', '12.5', '12', 'RM 12.50', '1,250.00', '0.05'].map(parseRinggit)).toEqual([
      1250, 1250, 1200, 1250, 125000, 5,
    ]);
    expect(['12.505', 'abc', '-1', '', '1e3'].map(parseRinggit)).toEqual([
      null,
      null,
      null,
      null,
      100000,
    ]);
  });
});

describe('GET /api/products/export', () => {
  it('writes a CSV with the import columns, prices as 12.50, and the list’s filters', async () => {
    const espresso = await demoCategory(t, 'Espresso');
    const res = await exportFile(`format=csv&category=${espresso.id}&sort=sku`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{8}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(9);
    // The last column is the Malay name (none for Espresso).
    expect(lines[1]).toBe('ESP-001,Espresso,Espresso,7.00,,,,active,hot,');
    expect(lines.find((l) => l.startsWith('ESP-008'))).toContain(',13.50,11.90,');
  });

  it('needs read permission and shows nothing of another tenant', async () => {
    const theirs = await exportFile('format=csv', other.headers);
    expect(theirs.body.replace(/^\ufeff/, '').trim()).toBe(HEADER);
    expect((await api.get('/api/products/export')).statusCode).toBe(401);
  });
});

describe('POST /api/products/import', () => {
  it('round-trips its own CSV and XLSX export: every row valid, all updates', async () => {
    const csvExport = await exportFile('format=csv');
    const preview = await importFile(csvExport.rawPayload, 'preview');
    expect(preview.statusCode, preview.body).toBe(200);
    const result = importResultSchema.strict().parse(preview.json().data);
    expect(result).toMatchObject({
      total_rows: 41,
      valid: true,
      created: 0,
      updated: 41,
      errors: [],
    });
    expect(result.preview[0]).toMatchObject({
      sku: expect.any(String),
      base_price: expect.stringMatching(/^\d+\.\d\d$/),
    });

    const xlsxExport = await exportFile('format=xlsx');
    expect(xlsxExport.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const fromXlsx = await importFile(xlsxExport.rawPayload, 'commit', 'products.xlsx');
    expect(fromXlsx.statusCode, fromXlsx.body).toBe(200);
    expect(fromXlsx.json().data).toMatchObject({ valid: true, updated: 41, created: 0 });
    // Prices and tags came back exactly.
    const [latte] = await t.database.db.select().from(products).where(eq(products.sku, 'ESP-008'));
    expect([latte!.basePrice, latte!.discountedPrice, latte!.tags]).toEqual([
      1350,
      1190,
      ['hot', 'iced'],
    ]);
  });

  it('reports every bad row with its spreadsheet row number and writes nothing on commit', async () => {
    const file = csv(
      HEADER,
      'NEW-001,Kopi Susu Gula Aren,Kopi,9.50,,,,active,"iced, new"', // row 2: fine
      'NEW-002,Bad Price,Kopi,nine,,,,,', // row 3: price
      'NEW-003,,Kopi,5.00,6.00,,,,', // row 4: no name, discount too high
      'new-001,Twin,Teh,3.00,,,,,', // row 5: SKU repeats row 2
      'NEW-004,Lost,Smoothies,3.00,,,,paused,', // row 6: unknown category, bad status
      'NEW-005,Scanner clash,Teh,3.00,,9556001000017,,,', // row 7: barcode of BAK-001
    );
    const preview = await importFile(file, 'preview');
    expect(preview.statusCode).toBe(200);
    const result = importResultSchema.parse(preview.json().data);
    expect(result.valid).toBe(false);
    expect(result.total_rows).toBe(6);
    expect(result.errors).toEqual([
      { row: 3, field: 'base_price', message: 'validation.price_format' },
      { row: 4, field: 'name', message: 'validation.required' },
      { row: 4, field: 'discounted_price', message: 'validation.discounted_price_too_high' },
      { row: 5, field: 'sku', message: 'validation.duplicate_in_file?row=2' },
      { row: 6, field: 'category', message: 'validation.unknown_category' },
      { row: 6, field: 'status', message: 'validation.status_value' },
      { row: 7, field: 'barcode', message: 'validation.barcode_taken' },
    ]);

    const commit = await importFile(file, 'commit');
    expectCode(commit, 400, 'import_invalid');
    expect(commit.json().details).toContainEqual({
      path: 'rows.3.base_price',
      message: 'validation.price_format',
    });
    expect(await count('NEW-')).toBe(0);
  });

  it('commits a fixed file in one go: new SKUs created, existing ones updated', async () => {
    const file = csv(
      HEADER,
      'NEW-001,Kopi Susu Gula Aren,Kopi,9.50,8.90,,Palm sugar latte,active,"iced, new"',
      'NEW-002,Teh Bunga Telang,teh,RM 7,,9556999111222,,disabled,',
      `KOP-001,Kopi (Kampung),${(await demoCategory(t, 'Kopi')).id},3.20,,,,active,hot|bestseller`,
    );
    const res = await importFile(file, 'commit');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ valid: true, created: 2, updated: 1, errors: [] });
    const rows = await t.database.db.select().from(products).where(like(products.sku, 'NEW-%'));
    const bySku = Object.fromEntries(rows.map((r) => [r.sku, r]));
    expect(bySku['NEW-001']).toMatchObject({
      basePrice: 950,
      discountedPrice: 890,
      tags: ['iced', 'new'],
      status: 'active',
    });
    expect(bySku['NEW-002']).toMatchObject({
      basePrice: 700,
      barcode: '9556999111222',
      status: 'disabled',
    });
    const [kopi] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.sku, 'KOP-001'), eq(products.tenantId, rows[0]!.tenantId)));
    expect(kopi).toMatchObject({
      name: 'Kopi (Kampung)',
      basePrice: 320,
      tags: ['hot', 'bestseller'],
    });
  });

  it('refuses what is not a CSV or XLSX, a file without the needed columns, and cashiers', async () => {
    const png = await importFile(await pngImage(10, 10), 'preview', 'products.csv');
    expectCode(png, 400, 'import_file_type');
    const noColumns = await importFile(csv('sku,title', 'X-1,Something'), 'preview');
    expect(noColumns.json().data.errors).toEqual([
      { row: 1, field: 'name', message: 'validation.required' },
      { row: 1, field: 'category', message: 'validation.required' },
      { row: 1, field: 'base_price', message: 'validation.required' },
    ]);
    const cashier = t.bearer((await t.login('cashier')).token);
    expect((await importFile(csv(HEADER), 'preview', 'p.csv', cashier)).statusCode).toBe(403);
  });

  it('reads XLSX row numbers as the spreadsheet shows them and undoes export quoting', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Menu');
    sheet.addRow([...productImportColumns]);
    sheet.addRow(['XL-1', "'=Not a formula", 'Food', 12.5, null, null, null, 'active', '']);
    sheet.addRow([]);
    sheet.addRow(['XL-2', 'Bad', 'Food', 'twelve', null, null, null, 'active', '']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importFile(file, 'preview', 'menu.xlsx');
    expect(res.json().data.errors).toEqual([
      { row: 4, field: 'base_price', message: 'validation.price_format' },
    ]);
    expect(res.json().data.preview[0]).toMatchObject({
      name: '=Not a formula',
      base_price: '12.5',
    });
  });

  it('imports 5,000 rows in one go, well within a minute', async () => {
    const lines = [HEADER];
    for (let i = 1; i <= 5000; i++) {
      lines.push(
        `BULK-${String(i).padStart(5, '0')},Bulk item ${i},Food,${(i % 90) + 1}.90,,BC${i},,active,bulk`,
      );
    }
    const started = performance.now();
    const res = await importFile(csv(...lines), 'commit');
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json().data.created).toBe(5000);
    expect(await count('BULK-')).toBe(5000);
    // A few seconds on a quiet machine; the bound leaves room for a busy one and still refuses
    // an import gone pathologically slow.
    expect(seconds).toBeLessThan(60);
  }, 120_000);
});
