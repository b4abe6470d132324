import { productImportColumns } from '@kopi/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors';

// Reading and writing the product file (CSV or XLSX, the same columns both ways: the contract's
// productImportColumns). Prices in the file are ringgit with two decimals (12.50), as a person
// types them in a spreadsheet; the API and database keep integer sen.

export type ImportColumn = (typeof productImportColumns)[number];
export type FileRow = Record<string, string>;

export interface ParsedFile {
  /** Lower-cased header names as found in row 1. */
  header: string[];
  /** Data rows with the spreadsheet row number (the header is row 1). Blank rows are left out. */
  rows: { row: number; values: FileRow }[];
}

export const MAX_IMPORT_ROWS = 20_000;

const isZip = (b: Buffer) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

// A leading quote marks a cell we escaped on export (see `cell` below); the import undoes it.
const unescapeCell = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** Detects the format by content (an XLSX file is a zip), never by name. */
export async function parseProductFile(buffer: Buffer): Promise<ParsedFile> {
  const table = isZip(buffer) ? await readXlsx(buffer) : readCsv(buffer);
  const [headerRow, ...rest] = table;
  if (!headerRow) return { header: [], rows: [] };
  const header = headerRow.cells.map((h) => h.trim().toLowerCase());
  if (rest.length > MAX_IMPORT_ROWS) {
    throw new AppError('import_invalid', {
      message: `The file has ${rest.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.`,
    });
  }
  const rows = rest
    .filter((r) => r.cells.some((c) => c.trim() !== ''))
    .map((r) => ({
      row: r.row,
      values: Object.fromEntries(
        header.map((h, i) => [h, unescapeCell((r.cells[i] ?? '').trim())]),
      ) as FileRow,
    }));
  return { header, rows };
}

function readCsv(buffer: Buffer): { row: number; cells: string[] }[] {
  // Binary that is not a zip (a picture, a PDF, an old .xls) is not a CSV either.
  if (buffer.subarray(0, 4096).includes(0)) throw new AppError('import_file_type');
  let records: string[][];
  try {
    records = parse(buffer, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch {
    throw new AppError('import_invalid', {
      message: 'The CSV file cannot be read: check its quotes and separators.',
    });
  }
  // Without multi-line cells the record index is the spreadsheet row; that is the usual case.
  return records.map((cells, i) => ({ row: i + 1, cells }));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
  }
  return '';
}

async function readXlsx(buffer: Buffer): Promise<{ row: number; cells: string[] }[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError('import_file_type');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const out: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    out.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  // Only the rows below the header count; the header must be the first non-empty row.
  return out;
}

// ---- Money in the file --------------------------------------------------------------------------

/** 1250 → "12.50" */
export const formatRinggit = (sen: number) =>
  `${Math.trunc(sen / 100)}.${String(Math.abs(sen) % 100).padStart(2, '0')}`;

/** "12.50", "12.5", "12", "RM 12.50", "1,250.00" → sen; null when it is not a price. */
export function parseRinggit(text: string): number | null {
  const cleaned = text
    .replace(/^RM\s*/i, '')
    .replace(/,/g, '')
    .trim();
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) {
    // Spreadsheets hand numbers over as floats (12.5, 12.499999999): accept two decimals' worth.
    const n = Number(cleaned);
    if (cleaned !== '' && Number.isFinite(n) && n >= 0 && n < 10_000_000) {
      const sen = Math.round(n * 100);
      if (Math.abs(sen - n * 100) < 1e-6) return sen;
    }
    return null;
  }
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

// ---- Writing ------------------------------------------------------------------------------------

export interface ExportRow {
  sku: string;
  name: string;
  name_my: string | null;
  category: string;
  base_price: number;
  discounted_price: number | null;
  barcode: string | null;
  description: string | null;
  status: string;
  tags: string[];
}

/** Spreadsheet apps run a cell starting with = + - @ as a formula: quote it (CSV injection). */
const cell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

function textRow(p: ExportRow): string[] {
  return [
    cell(p.sku),
    cell(p.name),
    cell(p.category),
    formatRinggit(p.base_price),
    p.discounted_price === null ? '' : formatRinggit(p.discounted_price),
    cell(p.barcode ?? ''),
    cell(p.description ?? ''),
    p.status,
    cell(p.tags.join(', ')),
    cell(p.name_my ?? ''),
  ];
}

export function writeCsv(rows: ExportRow[]): Buffer {
  // The BOM makes Excel read the file as UTF-8 (names in Malay, Chinese or Tamil stay intact).
  const text = stringify([[...productImportColumns], ...rows.map(textRow)], {
    record_delimiter: '\r\n',
  });
  return Buffer.concat([Buffer.from('\ufeff'), Buffer.from(text, 'utf8')]);
}

export async function writeXlsx(rows: ExportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.columns = productImportColumns.map((key) => ({
    header: key,
    key,
    width: key === 'name' || key === 'name_my' || key === 'description' ? 32 : 16,
    ...(key.endsWith('price') ? { style: { numFmt: '0.00' } } : {}),
  }));
  for (const p of rows) {
    const text = textRow(p);
    sheet.addRow([
      text[0],
      text[1],
      text[2],
      p.base_price / 100,
      p.discounted_price === null ? null : p.discounted_price / 100,
      text[5],
      text[6],
      text[7],
      text[8],
      text[9],
    ]);
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
