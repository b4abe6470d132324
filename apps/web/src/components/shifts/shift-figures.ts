import { useMemo } from 'react';
import type { RefundPaidBy } from '@kopi/contract';
import {
  floatRow,
  movementRows,
  orderRows,
  paymentRows,
  refundRows,
  topupRows,
  type WorkingFigure,
} from '../money-working/working-rows';
import { paymentMethodName, useReceiptStrings } from '../receipt/i18n';
import { receiptAmount } from '../receipt/receipt-parts';
import { useShiftStrings } from './i18n';

// The shift report's figures (decision 049) and the rows of the shift's working each is summed
// from: the sales from the orders rung up in the shift that are sales, the voids from those later
// rejected, the refunds from every refund paid from its drawer (sales' and voids'), the drawer
// from every cash line, cash refund and movement.

const sales = ['sale'] as const;
/** A figure written out (its `show` typed by the annotation). */
const figure = (f: WorkingFigure) => f;

export function useShiftFigures() {
  const { t } = useShiftStrings();
  const { t: tr } = useReceiptStrings();
  return useMemo(() => {
    const methodName = (m: string) =>
      m === 'bank_transfer' ? t('report.bankTransfer') : paymentMethodName(tr, m);
    const money = (id: string, label: string, rows: WorkingFigure['rows']): WorkingFigure => ({
      id,
      title: label,
      show: (_n, amount) => ({ label, value: receiptAmount(amount) }),
      rows,
    });
    const methodLine = (
      id: string,
      heading: string,
      m: string,
      rows: WorkingFigure['rows'],
    ): WorkingFigure => ({
      id,
      title: `${heading}: ${methodName(m)}`,
      show: (n, amount) => ({ label: `${methodName(m)} (${n})`, value: receiptAmount(amount) }),
      rows,
    });
    return {
      orders: figure({
        id: 'orders',
        title: t('report.orders'),
        show: (n) => ({ label: t('report.orders'), value: String(n) }),
        rows: (w) => orderRows(w, sales, (o) => o.total),
      }),
      sales: money('sales', t('report.salesTotal'), (w) => orderRows(w, sales, (o) => o.total)),
      byMethod: (m: string) =>
        methodLine(`method-${m}`, t('report.salesByMethod'), m, (w) =>
          paymentRows(w, { countsAs: sales, method: m }),
        ),
      discounts: money('discounts', t('report.discounts'), (w) =>
        orderRows(w, sales, (o) => o.discount),
      ),
      voids: figure({
        id: 'voids',
        title: t('report.voidsTitle'),
        show: (n, amount) => ({
          label: t('report.voids', { count: n }),
          value: receiptAmount(amount),
        }),
        rows: (w) => orderRows(w, ['void'], (o) => o.paid),
      }),
      refunds: money('refunds', t('report.refunds'), (w) => refundRows(w, {}, 1)),
      refundMethod: (m: RefundPaidBy) =>
        methodLine(`refund-${m}`, t('report.refunds'), m, (w) => refundRows(w, { method: m }, 1)),
      cashTaken: money('cash-taken', t('report.cashTaken'), (w) =>
        paymentRows(w, { method: 'cash' }),
      ),
      cashRefunds: money('cash-refunds', t('report.cashRefunds'), (w) =>
        refundRows(w, { method: 'cash' }, -1),
      ),
      cashIn: money('cash-in', t('report.cashIn'), (w) => movementRows(w, 'cash_in', 1)),
      cashOut: money('cash-out', t('report.cashOut'), (w) => movementRows(w, 'cash_out', -1)),
      cashTopups: money('cash-topups', t('report.cashTopups'), (w) => topupRows(w, 'cash')),
      topupMethod: (m: string) =>
        methodLine(`topup-${m}`, t('report.topups'), m, (w) => topupRows(w, m)),
      /** What the drawer should hold: the float, then every cash move of the shift. */
      expected: (openingFloat: number) =>
        money('expected', t('report.expected'), (w) => [
          floatRow(openingFloat),
          ...paymentRows(w, { method: 'cash' }),
          ...refundRows(w, { method: 'cash' }, -1),
          ...movementRows(w, 'cash_in', 1),
          ...movementRows(w, 'cash_out', -1),
          ...topupRows(w, 'cash'),
        ]),
    };
  }, [t, tr]);
}
