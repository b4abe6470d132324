import {
  type Locale,
  localizedName,
  type MobileCustomer,
  type MobileMenu,
  type MobileOrder,
  type MobileOrderSummary,
  type MobileOutlet,
  type MobileSession,
  type OrderStatus,
  reasonText,
  type ServingMethod,
} from '@kopi/contract';
import { reasonFields } from '../../lib/coded-reason';
import type { CustomerRow, CustomerSession } from '../customers/customers.service';
import type { CustomerMenuService, OutletNow } from '../orders/customer-menu.service';
import {
  type CustomerOrder,
  customerCan,
  toOrderCharges,
  toOrderLine,
} from '../orders/customer-orders.service';
import { outletPlace } from '../outlets/outlets.service';

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
    ...outletPlace(row),
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

/** `name` in the app's language, `name_my` as entered (decision 039). */
const named = <T extends { name: string; name_my: string | null }>(locale: Locale, x: T): T => ({
  ...x,
  name: localizedName(locale, x.name, x.name_my),
});

export function toMobileMenu(
  menu: Awaited<ReturnType<CustomerMenuService['menu']>>,
  locale: Locale,
): MobileMenu {
  return {
    outlet: toMobileOutlet(menu.outlet),
    categories: menu.categories,
    products: menu.products.map(({ product: p, price, soldOut, choices }) => ({
      id: p.id,
      name: localizedName(locale, p.name, p.nameMy),
      name_my: p.nameMy,
      sku: p.sku,
      description: p.description,
      category_id: p.categoryId,
      image_url: p.imageUrl,
      price,
      base_price: p.basePrice,
      sold_out: soldOut,
      variant_groups: choices.variant_groups.map((g) => ({
        ...named(locale, g),
        options: g.options.map((o) => named(locale, o)),
      })),
      addons: choices.addons.map((a) => named(locale, a)),
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

/** An order of the app: its lines' names in the app's language (`*_my` as sold stay alongside). */
export function toMobileOrder(
  { order: o, outletName, details, voucher }: CustomerOrder,
  locale: Locale,
): MobileOrder {
  const can = customerCan(o);
  return {
    ...toMobileOrderSummary(o, outletName),
    table_code: o.tableNo,
    delivery_address: o.deliveryAddress,
    notes: o.notes,
    ...toOrderCharges(o),
    refund_due: o.refundDue,
    voucher,
    items: details.items.map((item) => {
      const line = toOrderLine(item);
      return {
        ...named(locale, line),
        options: line.options.map((x) => ({
          ...named(locale, x),
          group: localizedName(locale, x.group, x.group_my),
        })),
        addons: line.addons.map((x) => named(locale, x)),
      };
    }),
    payments: details.payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      status: p.status,
      at: p.createdAt.toISOString(),
    })),
    history: details.history.map((h) => ({
      status: h.toStatus,
      at: h.at.toISOString(),
      ...reasonFields(h),
      // The app shows `reason` as it comes: the server's own, in the app's language.
      reason: reasonText(reasonFields(h), locale),
    })),
    can_pay: can.pay,
    can_cancel: can.cancel,
  };
}
