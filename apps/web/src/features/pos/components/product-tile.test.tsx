import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { kopi, latte, soldOut } from '../test-menu';
import { LONG_PRESS_MS, ProductTile } from './product-tile';

// A POS tile: one tap adds; its menu (the small button, or a long press) switches "sold out
// today" for staff who may; a sold-out tile cannot be added but can be put back in stock.

afterEach(() => vi.useRealTimers());

function renderTile(product = kopi, withSwitch = true) {
  const onPick = vi.fn();
  const onOptions = vi.fn();
  const toggle = vi.fn();
  renderWithProviders(
    <ProductTile
      product={product}
      onPick={onPick}
      onOptions={onOptions}
      soldOutSwitch={withSwitch ? { toggle } : undefined}
    />,
  );
  return { onPick, onOptions, toggle };
}

/** Holds the tile down past the long press, then lets go (the click the press ends in too). */
function longPress(tile: HTMLElement) {
  fireEvent.pointerDown(tile, { button: 0 });
  act(() => vi.advanceTimersByTime(LONG_PRESS_MS + 10));
  fireEvent.pointerUp(tile);
  fireEvent.click(tile);
}

describe('product tile', () => {
  it('adds with one tap and has no menu without the sold-out permission', async () => {
    const { onPick } = renderTile(kopi, false);
    await userEvent.click(screen.getByTestId('pos-product-KOP-001'));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('pos-product-menu-KOP-001')).toBeNull();
  });

  it('marks a product sold out today from the tile menu, without adding it', async () => {
    const { onPick, toggle } = renderTile();
    await userEvent.click(screen.getByRole('button', { name: 'More for Kopi' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark sold out today' }));
    expect(toggle).toHaveBeenCalledWith(kopi, true);
    expect(onPick).not.toHaveBeenCalled();
    // One tap still adds.
    await userEvent.click(screen.getByTestId('pos-product-KOP-001'));
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('puts a sold-out product back in stock; its tile cannot be added', async () => {
    const { onPick, toggle } = renderTile(soldOut);
    expect(screen.getByTestId('pos-product-FOD-002')).toBeDisabled();
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('pos-product-menu-FOD-002'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Back in stock' }));
    expect(toggle).toHaveBeenCalledWith(soldOut, false);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('opens the menu on a long press, and that press does not add the product', () => {
    vi.useFakeTimers();
    const { onPick } = renderTile();
    const tile = screen.getByTestId('pos-product-KOP-001');
    fireEvent.pointerDown(tile, { button: 0 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS + 10));
    fireEvent.pointerUp(tile);
    fireEvent.click(tile);
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByRole('menuitem', { name: 'Mark sold out today' })).toBeInTheDocument();
  });

  it('adds on a short press', () => {
    vi.useFakeTimers();
    const { onPick } = renderTile();
    const tile = screen.getByTestId('pos-product-KOP-001');
    fireEvent.pointerDown(tile, { button: 0 });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerUp(tile);
    fireEvent.click(tile);
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menuitem')).toBeNull();
  });

  it('opens the options on a long press of a product with choices, without adding it', () => {
    vi.useFakeTimers();
    const { onPick, onOptions } = renderTile(latte);
    longPress(screen.getByTestId('pos-product-ESP-002'));
    expect(onOptions).toHaveBeenCalledTimes(1);
    expect(onPick).not.toHaveBeenCalled();
    // The menu stays behind its corner button.
    expect(screen.queryByRole('menuitem')).toBeNull();
  });

  it('opens the options on a long press even without the sold-out menu', () => {
    vi.useFakeTimers();
    const { onPick, onOptions } = renderTile(latte, false);
    longPress(screen.getByTestId('pos-product-ESP-002'));
    expect(onOptions).toHaveBeenCalledTimes(1);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('keeps the menu on a long press of a product without choices', () => {
    vi.useFakeTimers();
    const { onOptions } = renderTile(kopi);
    longPress(screen.getByTestId('pos-product-KOP-001'));
    expect(onOptions).not.toHaveBeenCalled();
    expect(screen.getByRole('menuitem', { name: 'Mark sold out today' })).toBeInTheDocument();
  });
});
