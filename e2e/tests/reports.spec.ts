import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, LIVE_MS, test } from '../fixtures';
import { appSaleSetup, customerSignIn, placePaidOrder } from '../support/mobile';
import { signIn } from '../support/session';

// The sales report and the dashboard, on the demo data (three past business days of
// orders per outlet, plus today's). The report's tabs, range presets and outlet filter change the
// figures on screen; its CSV and XLSX exports hold exactly the rows the table shows.

type Cells = Record<string, string>;
interface ShownTable {
  groupBy: string;
  /** Column codes (`data-col`) in order. */
  header: string[];
  /** Each column's heading as shown: the export's header row uses the same words. */
  names: Record<string, string>;
  rows: { key: string; cells: Cells }[];
  total: Cells | null;
}

/** The table on screen: columns by their export name (`data-col`), rows by key (`data-key`). */
function shownTable(page: Page): Promise<ShownTable> {
  return page.getByTestId('report-table').evaluate((table) => {
    // A cell's figure is its first text; a second line (a date, a SKU) is a caption.
    const first = (td: Element) => (td.firstChild?.textContent ?? '').trim();
    const cellsOf = (tr: Element) =>
      Object.fromEntries(
        [...tr.querySelectorAll('td[data-col]')].map((td) => [
          td.getAttribute('data-col')!,
          first(td),
        ]),
      );
    const total = table.querySelector('[data-testid=report-total-row]');
    return {
      groupBy: table.getAttribute('data-group-by') ?? '',
      header: [...table.querySelectorAll('thead th[data-col]')].map((th) =>
        th.getAttribute('data-col')!,
      ),
      names: Object.fromEntries(
        [...table.querySelectorAll('thead th[data-col]')].map((th) => [
          th.getAttribute('data-col')!,
          (th.textContent ?? '').trim(),
        ]),
      ),
      rows: [...table.querySelectorAll('[data-testid=report-row]')].map((tr) => ({
        key: tr.getAttribute('data-key')!,
        cells: cellsOf(tr),
      })),
      total: total ? cellsOf(total) : null,
    };
  });
}

/**
 * RFC 4180 enough for the export: quoted fields with doubled quotes, CRLF or LF. The file starts
 * with a UTF-8 byte order mark (for Excel), which must be there and is not part of the header.
 */
function parseCsv(raw: string): string[][] {
  expect(raw.charCodeAt(0), 'byte order mark').toBe(0xfeff);
  const text = raw.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

async function readXlsx(path: string): Promise<(string | number)[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  const rows: (string | number)[][] = [];
  sheet.eachRow((row) => {
    // ExcelJS rows are 1-based: index 0 is always empty.
    const values = (row.values as (string | number | null)[]).slice(1);
    rows.push(values.map((v) => v ?? ''));
  });
  return rows;
}

const figure = (text: string) => Number(text.replace(/[,\s]/g, '').replace(/^RM/, ''));

/**
 * Every row the table shows is in the file, in the same order, with the same figures in every
 * column both have (the table leaves some out at this width; the change and share columns are
 * the screen's own). The file names its columns and its rows with the words the table shows:
 * the first column holds what the table's first column shows, the total row is "Total".
 */
function expectFileHoldsTable(
  file: (string | number)[][],
  shown: ShownTable,
  /** Rows only the file has (by payment method: a method refunds went back by, nothing paid). */
  fileOnly: string[] = [],
) {
  const [header = [], ...rest] = file;
  const keyCol = shown.header.find((c) => c !== 'rank')!;
  expect(header[0], 'the first column').toBe(shown.names[keyCol]);
  const total = rest.find((r) => r[0] === 'Total');
  const rows = rest.filter((r) => r[0] !== 'Total' && !fileOnly.includes(String(r[0])));
  expect(rows.map((r) => String(r[0]))).toEqual(shown.rows.map((r) => r.cells[keyCol]));
  const compared = shown.header.filter((col) => header.indexOf(shown.names[col]!) > 0);
  expect(compared.length, 'columns the file and the table share').toBeGreaterThan(1);
  const compare = (fileRow: (string | number)[], cells: Cells, what: string) => {
    for (const col of compared) {
      const value = fileRow[header.indexOf(shown.names[col]!)];
      if (col === 'sku') expect(String(value ?? ''), `${col} of ${what}`).toBe(cells[col]);
      else expect(Number(value), `${col} of ${what}`).toBeCloseTo(figure(cells[col] ?? ''), 2);
    }
  };
  shown.rows.forEach((row, i) => compare(rows[i]!, row.cells, row.key));
  // The sales views' files end with the total the table shows (the payment methods' file totals
  // refunds too, which its table shows apart).
  if (shown.total && shown.groupBy !== 'payment_method') {
    expect(total, 'the total row').toBeDefined();
    compare(total!, shown.total, 'the total');
  }
}

async function downloaded(
  page: Page,
  button: Locator,
): Promise<{ download: Download; path: string }> {
  const waiting = page.waitForEvent('download');
  await button.click();
  const download = await waiting;
  const path = await download.path();
  return { download, path };
}

/** Waits until the view shows what its URL asks for. */
async function settled(page: Page, groupBy: string) {
  await expect(page.getByTestId('report-view')).toHaveAttribute('data-loading', 'false');
  await expect(page.getByTestId('report-table')).toHaveAttribute('data-group-by', groupBy);
}

test('the report’s tabs, ranges and outlet filter change the figures; CSV and XLSX hold the rows shown', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Report' })
    .click();
  await expect(page).toHaveURL(/\/report$/);
  await settled(page, 'day');
  const view = page.getByTestId('report-view');
  const net = page.getByTestId('report-kpi-net-value');

  // Last 7 business days by default: a row a day, the past days' sales in them.
  await expect(page.getByTestId('report-range-last-7-days')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('report-row')).toHaveCount(7);
  const week = (await net.textContent())!;
  expect(figure(week)).toBeGreaterThan(0);
  const weekTable = await shownTable(page);
  expect(weekTable.total?.net).toBe(week.replace(/^RM\s*/, ''));

  // Today: one business day, fewer sales; the URL keeps the preset through a reload.
  await page.getByTestId('report-range-today').click();
  await expect(page).toHaveURL(/\/report\?range=today$/);
  await settled(page, 'day');
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  const day = await view.getAttribute('data-from');
  await expect(view).toHaveAttribute('data-to', day!);
  await expect(net).not.toHaveText(week);
  const todayNet = (await net.textContent())!;
  expect(figure(todayNet)).toBeLessThan(figure(week));
  await page.reload();
  await settled(page, 'day');
  await expect(page.getByTestId('report-range-today')).toHaveAttribute('aria-pressed', 'true');
  await expect(net).toHaveText(todayNet);

  // Yesterday is another day with its own figures.
  await page.getByTestId('report-range-yesterday').click();
  await expect(page).toHaveURL(/range=yesterday/);
  await settled(page, 'day');
  await expect(view).not.toHaveAttribute('data-from', day!);
  const yesterday = (await view.getAttribute('data-from'))!;
  const yesterdayNet = figure((await net.textContent())!);

  // This month and last month: a row per day of each, and between them each day of the week
  // with the same figures as in the week's table.
  await page.getByTestId('report-range-this-month').click();
  await expect(page).toHaveURL(/range=this-month/);
  await settled(page, 'day');
  await expect(view).toHaveAttribute('data-from', `${day!.slice(0, 8)}01`);
  await expect(view).toHaveAttribute('data-to', day!);
  await expect(page.getByTestId('report-row')).toHaveCount(Number(day!.slice(8)));
  const thisMonthTable = await shownTable(page);
  await page.getByTestId('report-range-last-month').click();
  await expect(page).toHaveURL(/range=last-month/);
  await settled(page, 'day');
  const lastMonthEnd = new Date(`${day!.slice(0, 8)}01T00:00:00Z`);
  lastMonthEnd.setUTCDate(0);
  await expect(view).toHaveAttribute('data-to', lastMonthEnd.toISOString().slice(0, 10));
  await expect(page.getByTestId('report-row')).toHaveCount(lastMonthEnd.getUTCDate());
  const lastMonthTable = await shownTable(page);
  const monthDays = new Map(
    [...thisMonthTable.rows, ...lastMonthTable.rows].map((r) => [r.key, r.cells.net]),
  );
  expect(weekTable.rows).toHaveLength(7);
  for (const r of weekTable.rows) expect(monthDays.get(r.key), r.key).toBe(r.cells.net);

  // Custom: yesterday to today typed as YYYY/MM/DD, the two days' figures together.
  await page.getByTestId('report-range-custom').click();
  await expect(page).toHaveURL(/range=custom/);
  await page.getByTestId('report-from').fill(yesterday.replaceAll('-', '/'));
  await page.getByTestId('report-from').press('Enter');
  await page.getByTestId('report-to').fill(day!.replaceAll('-', '/'));
  await page.getByTestId('report-to').press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${yesterday}&to=${day}`));
  await expect(view).toHaveAttribute('data-from', yesterday);
  await expect(view).toHaveAttribute('data-to', day!);
  await settled(page, 'day');
  await expect(page.getByTestId('report-row')).toHaveCount(2);
  expect(figure((await net.textContent())!)).toBeCloseTo(figure(todayNet) + yesterdayNet, 2);

  // Back to the week, one outlet: less than all outlets together.
  await page.getByTestId('report-range-last-7-days').click();
  await settled(page, 'day');
  await expect(net).toHaveText(week);
  await page.getByTestId('report-outlet').click();
  await page.getByRole('option', { name: 'Kuala Lumpur' }).click();
  await expect(page).toHaveURL(/\/report\?outlet=[0-9a-f-]{36}$/);
  // The URL changes a moment before the page shows that outlet's figures.
  await expect(view).toHaveAttribute('data-outlet', /^[0-9a-f-]{36}$/);
  await settled(page, 'day');
  const klId = (await view.getAttribute('data-outlet'))!;
  await expect(net).not.toHaveText(week);
  const klNet = (await net.textContent())!;
  expect(figure(klNet)).toBeLessThan(figure(week));

  // The tabs: by outlet lists that one outlet, then every outlet once the filter is cleared.
  await page.getByRole('tab', { name: 'By outlet' }).click();
  await expect(page).toHaveURL(/view=by-outlet/);
  await settled(page, 'outlet');
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  await expect(page.getByTestId('report-row')).toHaveAttribute('data-key', klId);
  await page.getByTestId('report-outlet').click();
  await page.getByRole('option', { name: 'All outlets' }).click();
  await expect(page).toHaveURL(/\/report\?view=by-outlet$/);
  await settled(page, 'outlet');
  await expect(page.getByTestId('report-row')).toHaveCount(3);
  await expect(net).toHaveText(week);
  const byOutlet = await shownTable(page);
  expect(byOutlet.rows.find((r) => r.key === klId)?.cells.net).toBe(klNet.replace(/^RM\s*/, ''));

  // By payment method: the amounts add up to the net sales (split bills count under each method).
  await page.getByRole('tab', { name: 'By payment method' }).click();
  await settled(page, 'payment_method');
  const byPayment = await shownTable(page);
  expect(byPayment.rows.length).toBeGreaterThan(1);
  expect(byPayment.total?.amount).toBe(week.replace(/^RM\s*/, ''));

  await page.getByRole('tab', { name: 'By product' }).click();
  await settled(page, 'product');
  expect((await shownTable(page)).rows.length).toBeGreaterThan(0);

  // By serving method (as XLSX) and by source (as CSV): the methods and sources named as on
  // screen, the same figures.
  await page.getByRole('tab', { name: 'By serving method' }).click();
  await settled(page, 'serving_method');
  const byServing = await shownTable(page);
  expect(byServing.rows.length).toBeGreaterThan(0);
  const servingFile = await downloaded(page, page.getByTestId('report-export-xlsx'));
  expect(servingFile.download.suggestedFilename()).toMatch(
    /^sales-by-serving-method-[\d-]+\.xlsx$/,
  );
  expectFileHoldsTable(await readXlsx(servingFile.path), byServing);

  await page.getByRole('tab', { name: 'By source' }).click();
  await settled(page, 'source');
  const bySource = await shownTable(page);
  expect(bySource.rows.map((r) => r.cells.source)).toContain('POS');
  const sourceFile = await downloaded(page, page.getByTestId('report-export-csv'));
  expectFileHoldsTable(parseCsv(await fs.readFile(sourceFile.path, 'utf8')), bySource);

  // Total sales: the CSV and the XLSX hold the rows on screen, with the same figures.
  await page.getByRole('tab', { name: 'Total sales' }).click();
  await expect(page).toHaveURL(/\/report$/);
  await settled(page, 'day');
  const byDay = await shownTable(page);
  const csv = await downloaded(page, page.getByTestId('report-export-csv'));
  expect(csv.download.suggestedFilename()).toMatch(/^sales-by-day-[\d-]+\.csv$/);
  const csvRows = parseCsv(await fs.readFile(csv.path, 'utf8'));
  expect(csvRows[0]?.slice(0, 3)).toEqual(['Business date', 'Previous business date', 'Orders']);
  expectFileHoldsTable(csvRows, byDay);
  const xlsx = await downloaded(page, page.getByTestId('report-export-xlsx'));
  expect(xlsx.download.suggestedFilename()).toMatch(/^sales-by-day-[\d-]+\.xlsx$/);
  expectFileHoldsTable(await readXlsx(xlsx.path), byDay);

  // By outlet (names in the file) as XLSX, by payment method (method codes) as CSV, by product
  // (names and SKUs) as both.
  await page.getByRole('tab', { name: 'By outlet' }).click();
  await settled(page, 'outlet');
  const outletFile = await downloaded(page, page.getByTestId('report-export-xlsx'));
  expectFileHoldsTable(await readXlsx(outletFile.path), byOutlet);

  await page.getByRole('tab', { name: 'By payment method' }).click();
  await settled(page, 'payment_method');
  const paymentFile = await downloaded(page, page.getByTestId('report-export-csv'));
  expectFileHoldsTable(parseCsv(await fs.readFile(paymentFile.path, 'utf8')), byPayment, [
    'Bank transfer',
  ]);

  await page.getByRole('tab', { name: 'By product' }).click();
  await settled(page, 'product');
  const byProduct = await shownTable(page);
  const productCsv = await downloaded(page, page.getByTestId('report-export-csv'));
  expectFileHoldsTable(parseCsv(await fs.readFile(productCsv.path, 'utf8')), byProduct);
  const productXlsx = await downloaded(page, page.getByTestId('report-export-xlsx'));
  expectFileHoldsTable(await readXlsx(productXlsx.path), byProduct);

  // The print view: the figures, without the navigation, tabs, filters and buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('vertical-nav')).toBeHidden();
  await expect(page.getByRole('tab', { name: 'By product' })).toBeHidden();
  await expect(page.getByTestId('report-export-csv')).toBeHidden();
  await expect(page.getByTestId('report-table')).toBeVisible();
  await expect(page.getByText('Sales report: By product')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('a manager bound to an outlet reads only that outlet, with no outlet filter', async ({
  page,
}) => {
  await signIn(page, 'manager');
  await page.goto('/report?view=by-outlet');
  await settled(page, 'outlet');
  await expect(page.getByTestId('report-outlet')).toHaveCount(0);
  await expect(page.getByTestId('report-period')).toContainText('Kuala Lumpur');
  await expect(page.getByTestId('report-row')).toHaveCount(1);
  const shown = await shownTable(page);
  expect(shown.rows[0]?.cells.outlet).toBe('Kuala Lumpur');
  const csv = await downloaded(page, page.getByTestId('report-export-csv'));
  expectFileHoldsTable(parseCsv(await fs.readFile(csv.path, 'utf8')), shown);
});

test('the dashboard counts a newly paid order among the open orders, live', async ({
  page,
  request,
}) => {
  const { outletId, productId } = await appSaleSetup(request, 'KL01', 'FOD-001');
  const customer = await customerSignIn(request);

  await signIn(page, 'admin');
  await expect(page.getByTestId('dashboard-figures')).toHaveAttribute('data-live', 'open');
  const open = page.getByTestId('dashboard-open-total');
  await expect(open).toHaveText(/^\d+$/);
  const before = Number(await open.textContent());
  const orders = page.getByTestId('dashboard-kpi-orders-value');
  const ordersBefore = Number(await orders.textContent());

  await placePaidOrder(request, customer, outletId, productId);
  await expect(open).toHaveText(String(before + 1), { timeout: LIVE_MS });
  await expect(orders).toHaveText(String(ordersBefore + 1));
});
