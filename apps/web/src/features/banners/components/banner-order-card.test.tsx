import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { testBanner } from '../test-banners';
import { BannerOrderCard } from './banner-order-card';

const banners = [
  testBanner('b1', 'Upsize'),
  testBanner('b2', 'Old promo', { state: 'ended' }),
  testBanner('b3', 'Merdeka', { state: 'scheduled' }),
  testBanner('b4', 'Paused', { state: 'inactive' }),
];

function renderCard(mayUpdate = true) {
  const onSave = vi.fn();
  renderWithProviders(
    <BannerOrderCard
      banners={banners}
      loading={false}
      failed={false}
      onRetry={() => undefined}
      mayUpdate={mayUpdate}
      saving={false}
      onSave={onSave}
    />,
  );
  return onSave;
}
const titles = () => screen.getAllByTestId('banner-order-title').map((n) => n.textContent);

describe('banner order card', () => {
  it('lists the current and upcoming banners, leaving the ended ones out', () => {
    renderCard();
    expect(titles()).toEqual(['Upsize', 'Merdeka', 'Paused']);
    expect(screen.getAllByTestId('banner-state').map((n) => n.textContent)).toEqual([
      'Showing now',
      'Scheduled',
      'Off',
    ]);
  });

  it('moves a banner with the arrow buttons, the keyboard’s way', async () => {
    const onSave = renderCard();
    expect(screen.getByRole('button', { name: 'Move Upsize up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Paused up' }));
    expect(onSave).toHaveBeenLastCalledWith(['b1', 'b4', 'b3']);
    await userEvent.click(screen.getByRole('button', { name: 'Move Upsize down' }));
    expect(onSave).toHaveBeenLastCalledWith(['b3', 'b1', 'b4']);
  });

  it('moves a banner dropped on another to its place, and saves nothing for a drop in place', () => {
    const onSave = renderCard();
    const handles = screen.getAllByTestId('banner-drag-handle');
    const rows = screen.getAllByTestId('banner-order-row');
    const dataTransfer = { setData: vi.fn(), getData: () => 'b4' };
    fireEvent.dragStart(handles[2]!, { dataTransfer });
    fireEvent.dragOver(rows[0]!, { dataTransfer });
    fireEvent.drop(rows[0]!, { dataTransfer });
    expect(onSave).toHaveBeenCalledWith(['b4', 'b1', 'b3']);
    fireEvent.dragStart(handles[1]!, { dataTransfer: { ...dataTransfer, getData: () => 'b3' } });
    fireEvent.drop(rows[1]!, { dataTransfer });
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('offers no handles or arrows to staff who may not change banners', () => {
    renderCard(false);
    expect(titles()).toHaveLength(3);
    expect(screen.queryByTestId('banner-drag-handle')).toBeNull();
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
  });
});
