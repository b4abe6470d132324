import type {
  MobileCustomer,
  MobileMenu,
  MobileOrder,
  MobileOrderSummary,
  MobileOutlet,
  MobileSession,
  OrderStatus,
  ServingMethod,
} from '@kopi/contract';
import type { CustomerRow, CustomerSession } from '../customers/customers.service';
import type { CustomerMenuService, OutletNow } from '../orders/customer-menu.service';
import {
  type CustomerOrder,
  customerCan,
  toOrderCharges,
  toOrderLine,
} from '../orders/customer-orders.service';

// The app's answers: customers, outlets, menus and orders as the mobile contract spells them.

/** `tier`: the English name of the customer's membership tier, if any. */
export function toMobileCustomer(c: CustomerRow, tier: string | null = null): MobileCustomer {
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    email: c.email,
    birthday: c.birthday,
    referral_code: c.referralCode,
    tier,
    points: c.points,
    phone_verified: c.phoneVerifiedAt !== null,
    created_at: c.createdAt.toISOString(),
  };
}

export const toMobileSession = (s: CustomerSession, tier: string | null = null): MobileSession => ({
  token: s.token,
  expires_at: s.expiresAt.toISOString(),
  tenant_slug: s.tenantSlug,
  customer: toMobileCustomer(s.customer, tier),
});

export function toMobileOutlet({ row, ...now }: OutletNow): MobileOutlet {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    phone: row.phone,
    lat: row.lat,
    lng: row.lng,
    serving_methods: now.servingMethods,
    delivery_fee: row.deliveryFee,
    timezone: row.timezone,
    open_now: now.open,
    accepting_orders: row.acceptingOrders,
    taking_orders_now: now.takingOrdersNow,
    closes_at: now.closesAt?.toISOString() ?? null,
    next_open_at: now.nextOpenAt?.toISOString() ?? null,
    distance_km: now.distanceKm,
  };
}

export function toMobileMenu(menu: Awaited<ReturnType<CustomerMenuService['menu']>>): MobileMenu {
  return {
    outlet: toMobileOutlet(menu.outlet),
    categories: menu.categories,
    products: menu.products.map(({ product: p, price, soldOut, choices }) => ({
      id: p.id,
      name: p.name,
      sku: p.sku,
      description: p.description,
      category_id: p.categoryId,
      image_url: p.imageUrl,
      price,
      base_price: p.basePrice,
      sold_out: soldOut,
      ...choices,
    })),
  };
}

type SummaryRow = Pick<
  CustomerOrder['order'],
  | 'id'
  | 'orderNo'
  | 'outletId'
  | 'servingMethod'
  | 'status'
  | 'businessDate'
  | 'createdAt'
  | 'total'
>;

export function toMobileOrderSummary(r: SummaryRow, outletName: string): MobileOrderSummary {
  return {
    id: r.id,
    order_no: r.orderNo,
    outlet_id: r.outletId,
    outlet_name: outletName,
    serving_method: r.servingMethod as ServingMethod,
    status: r.status as OrderStatus,
    business_date: r.businessDate,
    created_at: r.createdAt.toISOString(),
    total: r.total,
  };
}

export function toMobileOrder({ order: o, outletName, details }: CustomerOrder): MobileOrder {
  const can = customerCan(o);
  return {
    ...toMobileOrderSummary(o, outletName),
    table_code: o.tableNo,
    delivery_address: o.deliveryAddress,
    notes: o.notes,
    ...toOrderCharges(o),
    refund_due: o.refundDue,
    items: details.items.map(toOrderLine),
    payments: details.payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      status: p.status,
      at: p.createdAt.toISOString(),
    })),
    history: details.history.map((h) => ({
      status: h.toStatus,
      at: h.at.toISOString(),
      reason: h.reason,
    })),
    can_pay: can.pay,
    can_cancel: can.cancel,
  };
}
