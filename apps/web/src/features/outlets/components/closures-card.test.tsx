import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { addClosure } from '../api';
import { ClosuresCard } from './closures-card';
import { retype } from '../../../test/user-steps';

vi.mock('../api', () => ({
  addClosure: vi.fn(() => Promise.resolve({})),
  removeClosure: vi.fn(() => Promise.resolve({})),
}));

/** Clears the From field and types `text` into it. */
async function retypeFrom(text: string) {
  await retype(screen.getByTestId('closure-from'), text);
}

/** Adds the closure: the `nth` change the card reports, sent to the outlet as `sent`. */
async function add(onChanged: () => unknown, nth: number, sent: object) {
  await userEvent.click(screen.getByTestId('closure-add'));
  await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(nth));
  expect(addClosure).toHaveBeenLastCalledWith('o1', sent);
}

describe('outlet closures', () => {
  it('adds a closure for dates typed as YYYY/MM/DD; an empty To is the one day', async () => {
    const onChanged = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <ClosuresCard outletId="o1" closures={[]} mayUpdate onChanged={onChanged} />,
    );
    // SPEC §9 dates, whatever the browser's own date format.
    expect((screen.getByTestId('closure-from') as HTMLInputElement).value).toMatch(
      /^\d{4}\/\d{2}\/\d{2}$/,
    );
    await retypeFrom('2026/12/24');
    await userEvent.type(screen.getByTestId('closure-to'), '2026-12-26');
    await userEvent.type(screen.getByTestId('closure-reason'), 'Christmas');
    await add(onChanged, 1, { from: '2026-12-24', to: '2026-12-26', reason: 'Christmas' });
    // The To field empties after an add: the next closure is From's day alone.
    expect(screen.getByTestId('closure-to')).toHaveValue('');
    await retypeFrom('2026/2/30');
    await userEvent.tab();
    expect(screen.getByText('The date is invalid')).toBeInTheDocument();
    await retypeFrom('2027/1/1');
    await add(onChanged, 2, { from: '2027-01-01', to: '2027-01-01', reason: '' });
  });
});
