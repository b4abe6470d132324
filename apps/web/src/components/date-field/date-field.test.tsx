import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateField, parseSlashedDate } from './date-field';
import { retype } from '../../test/user-steps';

/** The field with its value held by the caller, as every screen holds it. */
function Harness({
  initial,
  optional,
  onCommit,
}: {
  initial: string;
  optional?: boolean;
  onCommit: (iso: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="From"
        value={value}
        optional={optional}
        testId="date"
        onCommit={(iso) => {
          onCommit(iso);
          setValue(iso);
        }}
      />
      <button type="button" onClick={() => setValue('2026-12-31')}>
        Reset
      </button>
    </>
  );
}

/** The field rendered at 2026-01-05, with its input and commit spy. */
function renderField(optional?: boolean) {
  const onCommit = vi.fn();
  const view = render(<Harness initial="2026-01-05" optional={optional} onCommit={onCommit} />);
  return { ...view, input: screen.getByTestId('date'), onCommit };
}

/** Clears the input and types `text` into it. */

describe('date field (SPEC §9 YYYY/MM/DD)', () => {
  it('reads YYYY/MM/DD and YYYY-MM-DD, one-digit month and day too, and refuses days that do not exist', () => {
    expect(parseSlashedDate('2026/11/24')).toBe('2026-11-24');
    expect(parseSlashedDate('2026-11-24')).toBe('2026-11-24');
    expect(parseSlashedDate(' 2026/3/5 ')).toBe('2026-03-05');
    expect(parseSlashedDate('2024/02/29')).toBe('2024-02-29');
    expect(parseSlashedDate('2026/02/29')).toBeNull();
    expect(parseSlashedDate('2026/13/01')).toBeNull();
    expect(parseSlashedDate('24/11/2026')).toBeNull();
    expect(parseSlashedDate('')).toBeNull();
  });

  it('shows the value as YYYY/MM/DD and commits a typed date when the field is left', async () => {
    const { input, onCommit } = renderField();
    expect(input).toHaveValue('2026/01/05');
    expect(input).toHaveAttribute('placeholder', 'YYYY/MM/DD');
    await retype(input, '2026/2/3');
    expect(onCommit).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('2026-02-03');
    expect(input).toHaveValue('2026/02/03');
  });

  it('commits on Enter, and a dashed date reads back slashed', async () => {
    const { input, onCommit } = renderField();
    await retype(input, '2026-11-24{Enter}');
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('2026-11-24');
    expect(input).toHaveValue('2026/11/24');
  });

  it('says an invalid day is invalid and keeps the value it had', async () => {
    const { input, onCommit } = renderField();
    await retype(input, '2026/02/30{Enter}');
    expect(screen.getByText('The date is invalid')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onCommit).not.toHaveBeenCalled();
    // Corrected, the message goes.
    await retype(input, '2026/02/28{Enter}');
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('2026-02-28');
    expect(screen.queryByText('The date is invalid')).not.toBeInTheDocument();
  });

  it('an emptied field is invalid unless optional, where it commits no date', async () => {
    const required = renderField();
    await userEvent.clear(required.input);
    await userEvent.tab();
    expect(screen.getByText('The date is invalid')).toBeInTheDocument();
    expect(required.onCommit).not.toHaveBeenCalled();
    required.unmount();

    const optional = renderField(true);
    await userEvent.clear(optional.input);
    await userEvent.tab();
    expect(optional.onCommit).toHaveBeenCalledExactlyOnceWith('');
    expect(screen.queryByText('The date is invalid')).not.toBeInTheDocument();
  });

  it('a value changed from outside replaces what was typed', async () => {
    const { input } = renderField();
    await retype(input, '2026/02/30{Enter}');
    expect(screen.getByText('The date is invalid')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('2026/12/31');
    expect(screen.queryByText('The date is invalid')).not.toBeInTheDocument();
  });

  it('takes a day chosen in the calendar', () => {
    const { onCommit, container } = renderField();
    expect(screen.getByRole('button', { name: 'Open the calendar (From)' })).toBeInTheDocument();
    const picker = container.querySelector('input[type=date]')!;
    expect(picker).toHaveValue('2026-01-05');
    fireEvent.change(picker, { target: { value: '2026-03-09' } });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('2026-03-09');
    expect(screen.getByTestId('date')).toHaveValue('2026/03/09');
  });
});
