import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

// Opening a report's figures to their working (components/money-working), for the reports' tests.

/** Opens a figure's working by its line; the dialog once its rows are in. */
export async function openWorking(testId: string) {
  fireEvent.click(screen.getByTestId(testId));
  const dialog = await screen.findByTestId('working-dialog');
  await waitFor(() => expect(within(dialog).queryByTestId('working-loading')).toBeNull());
  return dialog;
}

export async function closeWorking() {
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByTestId('working-dialog')).toBeNull());
}

/** The rows a working dialog lists: record, what each counts as, its amount and its text. */
export const workingRows = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByTestId('working-row')
    .map((row) => ({
      record: row.getAttribute('data-record'),
      countsAs: within(row).getByTestId('working-counts-as').textContent,
      amount: within(row).getByTestId('working-amount').textContent,
      text: row.textContent,
    }));

/** Opens a figure's working, reads each row as [what it counts as, its amount] and closes it. */
export async function workingCounts(testId: string) {
  const rows = workingRows(await openWorking(testId)).map((r) => [r.countsAs, r.amount]);
  await closeWorking();
  return rows;
}

/**
 * Opens each figure line of a paper (its buttons) and checks that the sum under its rows reads
 * as the line does, label and value; returns the figures' test ids.
 */
export async function expectEveryFigureAddsUp(paper: HTMLElement) {
  const ids: string[] = [];
  for (const figure of within(paper).getAllByRole('button')) {
    const id = figure.getAttribute('data-testid')!;
    ids.push(id);
    const [label, value] = [...figure.children].map((c) => c.textContent);
    const dialog = await openWorking(id);
    const total = within(dialog).getByTestId('working-total');
    expect(within(total).getByTestId('working-total-value').textContent, id).toBe(value);
    expect(total.textContent, id).toContain(label);
    await closeWorking();
  }
  return ids;
}
