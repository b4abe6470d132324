import { useMemo } from 'react';
import type { PaymentMethod, RefundPaidBy, WorkingOrder } from '@kopi/contract';
import {
  orderRows,
  paymentRows,
  refundRows,
  type WorkingFigure,
} from '../../../components/money-working/working-rows';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { receiptAmount } from '../../../components/receipt/receipt-parts';
import { useOrderStrings } from '../i18n';

// The Z-report's figures (decision 049) and the rows of the day's working each is summed from:
// the sales figures from the day's sales, the voids from its voided orders, the refunds of sales
// from the refunds of sales booked on the day, the drawer from every cash line and cash refund.

const plain = (amount: number) => receiptAmount(amount);
const ringgit = (amount: number) => `RM ${receiptAmount(amount)}`;
const sales = ['sale'] as const;

export function useZReportFigures() {
  const { t } = useOrderStrings();
  const { t: tr } = useReceiptStrings();
  return useMemo(() => {
    const methodName = (m: RefundPaidBy) =>
      m === 'bank_transfer' ? t('zReport.bankTransfer') : tr(`payment.${m as PaymentMethod}`);
    const count = (id: string, label: string, rows: WorkingFigure['rows']): WorkingFigure => ({
      id,
      title: label,
      show: (n) => ({ label, value: String(n) }),
      rows,
    });
    const money = (
      id: string,
      label: string,
      rows: WorkingFigure['rows'],
      format: (amount: number) => string = plain,
    ): WorkingFigure => ({
      id,
      title: label,
      show: (_n, amount) => ({ label, value: format(amount) }),
      rows,
    });
    const ofSales = (id: string, label: string, pick: (o: WorkingOrder) => number) =>
      money(id, label, (w) => orderRows(w, sales, pick));
    const methodLine = (
      id: string,
      heading: string,
      m: RefundPaidBy,
      rows: WorkingFigure['rows'],
    ): WorkingFigure => ({
      id,
      title: `${heading}: ${methodName(m)}`,
      show: (n, amount) => ({
        label: t('zReport.methodCount', { method: methodName(m), count: n }),
        value: plain(amount),
      }),
      rows,
    });
    const voids: WorkingFigure = {
      id: 'voids',
      title: t('zReport.voids'),
      show: (n, amount) => ({
        label: t('zReport.methodCount', { method: t('zReport.voids'), count: n }),
        value: plain(amount),
      }),
      rows: (w) => orderRows(w, ['void'], (o) => o.paid),
    };
    return {
      orders: count('orders', t('zReport.orders'), (w) => orderRows(w, sales, (o) => o.total)),
      rejected: count('rejected', t('zReport.rejected'), (w) =>
        orderRows(w, ['void', 'rejected'], (o) => o.total),
      ),
      subtotal: ofSales('subtotal', t('zReport.subtotal'), (o) => o.subtotal),
      discount: ofSales('discount', t('zReport.discount'), (o) => -o.discount),
      serviceCharge: ofSales('service-charge', t('zReport.serviceCharge'), (o) => o.service_charge),
      sst: ofSales('sst', t('zReport.sst'), (o) => o.service_tax),
      deliveryFees: ofSales('delivery-fees', t('zReport.deliveryFees'), (o) => o.delivery_fee),
      rounding: ofSales('rounding', t('zReport.rounding'), (o) => o.rounding),
      total: money(
        'total',
        t('zReport.total'),
        (w) => orderRows(w, sales, (o) => o.total),
        ringgit,
      ),
      byMethod: (m: PaymentMethod) =>
        methodLine(`method-${m}`, t('zReport.byMethod'), m, (w) =>
          paymentRows(w, { countsAs: sales, method: m }),
        ),
      refundMethod: (m: RefundPaidBy) =>
        methodLine(`refund-${m}`, t('zReport.refundsByMethod'), m, (w) =>
          refundRows(w, { countsAs: sales, method: m }, -1),
        ),
      refunds: money('refunds', t('zReport.refunds'), (w) =>
        refundRows(w, { countsAs: sales }, -1),
      ),
      netAfterRefunds: money(
        'net-after-refunds',
        t('zReport.netAfterRefunds'),
        (w) => [...orderRows(w, sales, (o) => o.total), ...refundRows(w, { countsAs: sales }, -1)],
        ringgit,
      ),
      voids,
      voidRefunds: money('void-refunds', t('zReport.voidRefunds'), (w) =>
        refundRows(w, { countsAs: ['void'] }, -1),
      ),
      cashTaken: money('cash-taken', t('zReport.cashTaken'), (w) =>
        paymentRows(w, { method: 'cash' }),
      ),
      cashRefunds: money('cash-refunds', t('zReport.cashRefunds'), (w) =>
        refundRows(w, { method: 'cash' }, -1),
      ),
      expectedCash: money(
        'expected-cash',
        t('zReport.expectedCash'),
        (w) => [...paymentRows(w, { method: 'cash' }), ...refundRows(w, { method: 'cash' }, -1)],
        ringgit,
      ),
    };
  }, [t, tr]);
}

export type ZReportFigures = ReturnType<typeof useZReportFigures>;
