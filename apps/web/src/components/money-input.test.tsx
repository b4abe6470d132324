import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MoneyInput, parseRinggitToSen, readRinggit, senToRinggitText } from './money-input';

describe('money input (sen shown as RM)', () => {
  it('converts between ringgit text and sen', () => {
    expect(parseRinggitToSen('12.5')).toBe(1250);
    expect(parseRinggitToSen('12.50')).toBe(1250);
    expect(parseRinggitToSen('1,234.05')).toBe(123405);
    expect(parseRinggitToSen('')).toBeNull();
    expect(parseRinggitToSen('1.234')).toBeUndefined();
    expect(parseRinggitToSen('abc')).toBeUndefined();
    expect(senToRinggitText(1250)).toBe('12.50');
    expect(senToRinggitText(5)).toBe('0.05');
    expect(senToRinggitText(null)).toBe('');
  });

  it('edits a value in sen with an RM prefix', async () => {
    let latest: number | null = null;
    function Harness() {
      const [sen, setSen] = useState<number | null>(1250);
      latest = sen;
      return <MoneyInput label="Base price" value={sen} onChange={setSen} />;
    }
    render(<Harness />);
    const input = screen.getByLabelText('Base price');
    expect(input).toHaveValue('12.50');
    expect(screen.getByText('RM')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '8.9');
    expect(latest).toBe(890);
    await userEvent.tab();
    expect(input).toHaveValue('8.90');
  });

  it('tells a number too large apart from text that is not a number', () => {
    expect(readRinggit('99,999,999')).toEqual({ sen: 9_999_999_900 });
    expect(readRinggit('-5')).toEqual({ sen: -500 });
    expect(readRinggit('abc')).toEqual({ problem: 'not_a_number' });
    expect(readRinggit('20.005')).toEqual({ problem: 'decimals' });
    expect(readRinggit('9'.repeat(20))).toEqual({ problem: 'too_large' });
  });

  it('says why typed text is not an amount, and keeps the value it had', async () => {
    let latest: number | null = null;
    function Harness() {
      const [sen, setSen] = useState<number | null>(1250);
      latest = sen;
      return <MoneyInput label="Amount" value={sen} onChange={setSen} helperText="In RM" />;
    }
    render(<Harness />);
    const input = screen.getByLabelText('Amount');
    await userEvent.clear(input);
    await userEvent.type(input, '20.005');
    expect(
      screen.getByText('Enter ringgit with at most 2 decimals, e.g. 12.50'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(latest).toBe(2000);
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    expect(screen.getByText('Enter a number, e.g. 12.50')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '7');
    expect(screen.getByText('In RM')).toBeInTheDocument();
    expect(latest).toBe(700);
  });
});
