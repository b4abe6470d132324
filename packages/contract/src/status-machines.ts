// DESIGN §4 status machines. Only these moves are allowed; anything else is a 409.
export const recordStatuses = [
  'CREATED',
  'PENDING',
  'APPROVED',
  'WAITING TRANSFER',
  'TRANSFERED',
  'REJECTED',
  'COMPLETED',
  'CLOSED',
] as const;
export type RecordStatus = (typeof recordStatuses)[number];

export const orderStatuses = [
  'CREATED',
  'PENDING',
  'APPROVED',
  'COMPLETED',
  'CLOSED',
  'REJECTED',
] as const satisfies readonly RecordStatus[];
export type OrderStatus = (typeof orderStatuses)[number];

export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  CREATED: ['PENDING', 'REJECTED'],
  PENDING: ['APPROVED', 'REJECTED'],
  APPROVED: ['COMPLETED', 'REJECTED'],
  COMPLETED: ['CLOSED'],
  CLOSED: [],
  REJECTED: [],
};

export const refundStatuses = [
  'CREATED',
  'PENDING',
  'APPROVED',
  'WAITING TRANSFER',
  'TRANSFERED',
  'COMPLETED',
  'REJECTED',
  'CLOSED',
] as const satisfies readonly RecordStatus[];
export type RefundStatus = (typeof refundStatuses)[number];

export const refundTransitions: Readonly<Record<RefundStatus, readonly RefundStatus[]>> = {
  CREATED: ['PENDING'],
  PENDING: ['APPROVED', 'REJECTED'],
  APPROVED: ['COMPLETED', 'WAITING TRANSFER'],
  'WAITING TRANSFER': ['TRANSFERED'],
  TRANSFERED: ['COMPLETED'],
  COMPLETED: ['CLOSED'],
  REJECTED: ['CLOSED'],
  CLOSED: [],
};

export const canMoveOrder = (from: OrderStatus, to: OrderStatus) =>
  orderTransitions[from].includes(to);
export const canMoveRefund = (from: RefundStatus, to: RefundStatus) =>
  refundTransitions[from].includes(to);

/** Statuses whose orders still count as open at day close. */
export const openOrderStatuses: readonly OrderStatus[] = ['CREATED', 'PENDING', 'APPROVED'];
