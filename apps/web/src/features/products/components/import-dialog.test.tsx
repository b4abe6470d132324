import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportResult } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { HttpError } from '../../../lib/http/http-client';
import { resetToasts } from '../../../lib/toasts';
import { renderWithProviders } from '../../../test/render';
import {
  errorsOfFailedCommit,
  ImportDialog,
  importFileProblem,
  type RunImport,
} from './import-dialog';
import { previewColumns, sortedImportErrors } from './import-result-view';

afterEach(async () => {
  resetToasts();
  await i18n.changeLanguage('en');
});

const invalid: ImportResult = {
  total_rows: 3,
  valid: false,
  created: 0,
  updated: 0,
  errors: [
    { row: 4, field: 'category', message: 'validation.unknown_category' },
    { row: 3, field: 'base_price', message: 'validation.price_format' },
    { row: 3, field: 'sku', message: 'validation.duplicate_in_file?row=2' },
  ],
  preview: [
    { sku: 'K-1', name: 'Kopi O', category: 'Kopi', base_price: '2.50' },
    { sku: 'K-1', name: 'Kopi C', category: 'Kopi', base_price: 'abc' },
    { sku: 'K-3', name: 'Teh', category: 'Drinks', base_price: '3.00' },
  ],
};
const valid: ImportResult = {
  total_rows: 2,
  valid: true,
  created: 1,
  updated: 1,
  errors: [],
  preview: [
    { sku: 'K-1', name: 'Kopi O', category: 'Kopi', base_price: '2.50' },
    { sku: 'K-2', name: 'Kopi C', category: 'Kopi', base_price: '2.80' },
  ],
};

const csv = (name = 'menu.csv') => new File(['sku,name\n'], name, { type: 'text/csv' });

function renderDialog(runImport: RunImport) {
  const onImported = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ImportDialog open onClose={onClose} onImported={onImported} runImport={runImport} />,
  );
  return { onImported, onClose };
}

describe('product import', () => {
  it('orders errors by row, then by the column order of the format', () => {
    expect(sortedImportErrors(invalid.errors).map((e) => `${e.row}:${e.field}`)).toEqual([
      '3:sku',
      '3:base_price',
      '4:category',
    ]);
    expect(previewColumns([{ tags: 'x', sku: 'a', extra: '1' }])).toEqual(['sku', 'tags', 'extra']);
  });

  it('accepts CSV and XLSX up to 5 MB only', () => {
    expect(importFileProblem(csv())).toBeNull();
    expect(importFileProblem(new File(['x'], 'menu.XLSX'))).toBeNull();
    expect(importFileProblem(new File(['x'], 'menu.txt'))).toBe('wrong_type');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.csv');
    expect(importFileProblem(big)).toBe('too_large');
  });

  it('reads the row errors of a refused commit', () => {
    const error = new HttpError(400, 'The file has errors', {
      code_message: 'import_invalid',
      details: [
        { path: 'rows.7.base_price', message: 'validation.price_format' },
        { path: 'file', message: 'validation.required' },
      ],
    });
    expect(errorsOfFailedCommit(error)).toEqual([
      { row: 7, field: 'base_price', message: 'validation.price_format' },
    ]);
    expect(errorsOfFailedCommit(new Error('network'))).toEqual([]);
  });

  it('shows every row error with its row number and keeps import off', async () => {
    const runImport = vi.fn<RunImport>(async (_file, _mode, onProgress) => {
      onProgress({ loaded: 1, total: 1, percent: 100 });
      return invalid;
    });
    renderDialog(runImport);
    await userEvent.upload(screen.getByTestId('import-input'), csv());

    const result = await screen.findByTestId('import-result');
    expect(result).toHaveAttribute('data-valid', 'false');
    expect(runImport).toHaveBeenCalledWith(expect.any(File), 'preview', expect.any(Function));
    const errors = screen.getAllByTestId('import-error');
    expect(errors.map((row) => within(row).getByTestId('import-error-row').textContent)).toEqual([
      '3',
      '3',
      '4',
    ]);
    expect(within(errors[0]!).getByText('Also used on row 2 of this file')).toBeInTheDocument();
    expect(
      within(errors[1]!).getByText('Enter a price in ringgit, e.g. 12.50'),
    ).toBeInTheDocument();
    expect(within(errors[2]!).getByText('No category has this name')).toBeInTheDocument();
    expect(screen.getByTestId('import-summary')).toHaveTextContent('3 problems found');
    expect(screen.getAllByTestId('import-preview-row')).toHaveLength(3);
    expect(screen.getByTestId('import-commit')).toBeDisabled();
  });

  it('imports a valid file on commit, with the upload progress shown meanwhile', async () => {
    let finish: (result: ImportResult) => void = () => undefined;
    const runImport = vi.fn<RunImport>((_file, mode, onProgress) => {
      if (mode === 'preview') return Promise.resolve(valid);
      onProgress({ loaded: 40, total: 100, percent: 40 });
      return new Promise((resolve) => (finish = resolve));
    });
    const { onImported, onClose } = renderDialog(runImport);
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('import-input'), csv());
    expect(await screen.findByTestId('import-summary')).toHaveTextContent(
      'Every row is valid: 1 to create, 1 to update.',
    );
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText('Uploading 40%')).toBeInTheDocument();
    expect(runImport).toHaveBeenLastCalledWith(expect.any(File), 'commit', expect.any(Function));
    finish(valid);
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a file that is not CSV or XLSX before uploading it', async () => {
    const runImport = vi.fn<RunImport>();
    renderDialog(runImport);
    await userEvent.upload(screen.getByTestId('import-input'), new File(['x'], 'menu.pdf'), {
      applyAccept: false,
    });
    expect(runImport).not.toHaveBeenCalled();
    expect(screen.queryByTestId('import-result')).not.toBeInTheDocument();
  });
});
