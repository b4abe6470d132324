import { orders } from '../../db/schema/orders';
import { outlets } from '../../db/schema/tenancy';

/** What a list shows of an order (with its outlet's name), for the order list and the board. */
export const orderSummaryColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  outletId: orders.outletId,
  outletName: outlets.name,
  source: orders.source,
  servingMethod: orders.servingMethod,
  tableNo: orders.tableNo,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  paymentMethods: orders.paymentMethods,
  status: orders.status,
  businessDate: orders.businessDate,
  createdAt: orders.createdAt,
  total: orders.total,
  // The list labels a refunded order (in full or in part) without opening it.
  paid: orders.paid,
  refunded: orders.refunded,
};
