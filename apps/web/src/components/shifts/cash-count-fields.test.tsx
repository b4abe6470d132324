import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CashCount, emptyCashCount } from '@kopi/contract';
import { formatMoney } from '../../lib/formatters';
import { renderWithProviders } from '../../test/render';
import { CashCountFields, piecesOf } from './cash-count-fields';
import { movementAmountOf } from './shift-dialogs';

const money = (sen: number) => formatMoney(sen).replace(/\s/g, ' ');

function Counter() {
  const [count, setCount] = useState<CashCount>(emptyCashCount);
  return <CashCountFields value={count} onChange={setCount} idPrefix="count" />;
}

describe('counting the drawer by denomination', () => {
  it('reads typed counts as whole pieces', () => {
    expect(piecesOf('')).toBe(0);
    expect(piecesOf('07')).toBe(7);
    expect(piecesOf(' 12 ')).toBe(12);
    expect(piecesOf('-1')).toBe(0);
    expect(piecesOf('1.5')).toBe(0);
    expect(piecesOf('12345')).toBe(0);
  });

  it('adds the notes and coins up as they are typed', () => {
    renderWithProviders(<Counter />);
    expect(screen.getByTestId('count-total')).toHaveTextContent(money(0));
    fireEvent.change(screen.getByTestId('count-note_100'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('count-note_5'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('count-coin_20'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('count-coin_5'), { target: { value: '1' } });
    // 200.00 + 15.00 + 0.80 + 0.05
    expect(screen.getByTestId('count-total')).toHaveTextContent(money(21_585));
    expect(screen.getByLabelText('Number of RM 100')).toHaveValue('2');
    fireEvent.change(screen.getByTestId('count-note_100'), { target: { value: '' } });
    expect(screen.getByTestId('count-total')).toHaveTextContent(money(1_585));
  });

  it('reads ringgit amounts of cash movements in sen, or says why not', () => {
    const senOf = (text: string) => movementAmountOf(text).sen;
    expect(senOf('12')).toBe(1200);
    expect(senOf('12.5')).toBe(1250);
    expect(senOf('0.05')).toBe(5);
    expect(senOf('1,200.50')).toBe(120_050);
    expect(movementAmountOf('')).toEqual({ sen: null, problem: null });
    expect(movementAmountOf('1.234')).toEqual({ sen: null, problem: 'validation.money_decimals' });
    expect(movementAmountOf('abc')).toEqual({ sen: null, problem: 'validation.not_a_number' });
    expect(movementAmountOf('-5').problem).toBe('validation.money_min?min=RM%200.01');
    expect(movementAmountOf('0').problem).toBe('validation.money_min?min=RM%200.01');
    expect(movementAmountOf('100000.01').problem).toBe(
      'validation.money_max?max=RM%20100%2C000.00',
    );
  });
});
