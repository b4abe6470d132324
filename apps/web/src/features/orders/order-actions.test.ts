import { describe, expect, it } from 'vitest';
import { availableMoves } from './order-actions';

const mayUpdate = (action: string, subject: string) =>
  action === 'update' && subject === 'status-order';
const readOnly = (action: string, subject: string) => action === 'read' && subject === 'order';

describe('order status moves offered', () => {
  it('offers the moves the server allows now, in button order', () => {
    expect(availableMoves(['REJECTED', 'APPROVED'], mayUpdate).map((m) => m.key)).toEqual([
      'accept',
      'reject',
    ]);
    expect(availableMoves(['COMPLETED', 'REJECTED'], mayUpdate).map((m) => m.key)).toEqual([
      'complete',
      'reject',
    ]);
  });

  it('offers nothing without update status-order, or when the order is final', () => {
    expect(availableMoves(['APPROVED', 'REJECTED'], readOnly)).toEqual([]);
    expect(availableMoves([], mayUpdate)).toEqual([]);
  });

  it('has no button for moves staff do not make (PENDING comes from payment, CLOSED from the day close)', () => {
    expect(availableMoves(['PENDING', 'CLOSED'], mayUpdate)).toEqual([]);
  });
});
