import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { Call } from './fetch-mock';

// What a user does on many screens, as page and form tests do it: pick in a select, type over a
// field, read a table's column, delete a row behind the confirm dialog.

/** Opens the select `testId` and picks the option named `option`. */
export async function chooseOption(testId: string, option: string) {
  await userEvent.click(screen.getByTestId(testId));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Clears a field and types `text` into it. */
export async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

/** Types over a date and a time field pair `<prefix>-date` and `<prefix>-time`. */
export async function retypeDateTime(prefix: string, date: string, time: string) {
  await retype(screen.getByTestId(`${prefix}-date`), `${date}{Enter}`);
  await retype(screen.getByTestId(`${prefix}-time`), time);
}

/** The texts of one column's cells (by their test id) in the table `tableTestId`, top to bottom. */
export const columnTexts = (tableTestId: string, cellTestId: string) =>
  within(screen.getByTestId(tableTestId))
    .getAllByTestId(cellTestId)
    .map((n) => n.textContent);

/**
 * Clicks "Delete <name>" in the table, checks the confirm dialog says the row leaves the app and
 * nothing was deleted yet, then confirms; answers the dialog.
 */
export async function confirmDeleteFromApp(tableTestId: string, name: string, calls: Call[]) {
  const table = within(screen.getByTestId(tableTestId));
  await userEvent.click(table.getByRole('button', { name: `Delete ${name}` }));
  const dialog = within(screen.getByTestId('confirm-dialog'));
  expect(dialog.getByText(/will be removed from the app/)).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await userEvent.click(dialog.getByRole('button', { name: `Delete ${name}` }));
  return dialog;
}
