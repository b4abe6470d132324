import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { FormMoneyField } from './form-fields';
import { MoneyInput, parseRinggitToSen, readRinggit, senToRinggitText } from './money-input';
import { retype } from '../test/user-steps';

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
    await retype(input, '8.9');
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
    await retype(input, '20.005');
    expect(
      screen.getByText('Enter ringgit with at most 2 decimals, e.g. 12.50'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(latest).toBe(2000);
    await retype(input, 'abc');
    expect(screen.getByText('Enter a number, e.g. 12.50')).toBeInTheDocument();
    await retype(input, '7');
    expect(screen.getByText('In RM')).toBeInTheDocument();
    expect(latest).toBe(700);
  });

  it('keeps unreadable text and its reason after the field is left, until the value changes elsewhere', async () => {
    function Harness() {
      const [sen, setSen] = useState<number | null>(1250);
      return (
        <>
          <MoneyInput label="Tendered" value={sen} onChange={setSen} />
          <button type="button" onClick={() => setSen(3000)}>
            Exact
          </button>
        </>
      );
    }
    render(<Harness />);
    const input = screen.getByLabelText('Tendered');
    await retype(input, '-5x');
    await userEvent.tab();
    // Not silently turned back into the last good amount (RM -5.00) once the field is left.
    expect(input).toHaveValue('-5x');
    expect(screen.getByText('Enter a number, e.g. 12.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Exact' }));
    expect(input).toHaveValue('30.00');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('tells its owner when the text stops being an amount', async () => {
    const unreadable = vi.fn();
    render(
      <MoneyInput label="Amount" value={null} onChange={() => {}} onUnreadable={unreadable} />,
    );
    await userEvent.type(screen.getByLabelText('Amount'), '20.005');
    // "20", "20.", "20.0", "20.00" are amounts; "20.005" is the one that is not.
    expect(unreadable).toHaveBeenCalledTimes(1);
  });

  it('in a form, cannot save the amount typed before the text became unreadable', async () => {
    const saved = vi.fn();
    const schema = z.object({ float: z.number().int().min(0) });
    function FloatForm() {
      const form = useForm<{ float: number | null }>({
        resolver: zodResolver(schema) as never,
        defaultValues: { float: null },
      });
      return (
        <form onSubmit={form.handleSubmit((v) => saved(v))}>
          <FormMoneyField control={form.control} name="float" label="Float" />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<FloatForm />);
    const input = screen.getByLabelText('Float');
    await userEvent.type(input, '20.005');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).not.toHaveBeenCalled();
    expect(input).toHaveValue('20.005');
    expect(
      screen.getByText('Enter ringgit with at most 2 decimals, e.g. 12.50'),
    ).toBeInTheDocument();
    await retype(input, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith({ float: 2000 }));
  });
});
