// What the sales report's files say, written out, for the report tests to compare against.

/** The English header row of the sales report grouped by payment method. */
export const paymentMethodHeader = [
  'Payment method',
  'Payments',
  'Amount (RM)',
  'Refund count',
  'Refunds (RM)',
  'Net after refunds (RM)',
  'Previous payments',
  'Previous amount (RM)',
  'Previous refund count',
  'Previous refunds (RM)',
  'Previous net after refunds (RM)',
];
