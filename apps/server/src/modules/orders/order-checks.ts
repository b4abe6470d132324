import {
  addDays,
  businessDate,
  messageKey,
  type OpenState,
  type PaymentInput,
  outletOpenState,
  type PricingSettings,
  type ServingMethod,
  servingMethods,
} from '@kopi/contract';
import { AppError, validationError } from '../../lib/errors';
import { ringgit, servingLabel } from './order-view';

// What an order is checked against before it is recorded, for every channel: is the outlet
// taking it, with which pricing settings, and do the payments settle it. Where the channels
// differ (a cashier may confirm a sale outside opening hours; the app is refused with a reason
// the customer can read), the difference is a parameter, not a second copy.

/** Who placed the order: at the counter (staff, paid now) or in the app (a customer, paid later). */
export type OrderChannel = 'counter' | 'app';

type OutletClock = {
  timezone: string;
  hours: Parameters<typeof outletOpenState>[0]['hours'];
  closures: Parameters<typeof outletOpenState>[0]['closures'];
  lastOrderMinutes: number;
  cutoffHour: number;
};

/** The outlet's opening state and business date at `at`. */
export function outletClockAt(c: OutletClock, at: Date): { state: OpenState; today: string } {
  return {
    state: outletOpenState(
      {
        timezone: c.timezone,
        hours: c.hours,
        closures: c.closures,
        last_order_minutes: c.lastOrderMinutes,
      },
      at,
    ),
    today: businessDate(at, c.timezone, c.cutoffHour),
  };
}

/** Closures and closed days that can matter now start at most two days back (time zones). */
export const lookbackDate = (at: Date) => addDays(at.toISOString().slice(0, 10), -2);

export const offeredMethods = (methods: string[]) =>
  methods.filter((m): m is ServingMethod => (servingMethods as readonly string[]).includes(m));

interface PricingSource {
  serviceChargeRateBp: number;
  serviceChargeMethods: string[];
  serviceTaxRateBp: number;
  serviceTaxOnServiceCharge: boolean;
  cashRounding: boolean;
}

/** The tenant's pricing settings; an app order is paid online, so cash rounding never applies. */
export const pricingSettings = (c: PricingSource, channel: OrderChannel): PricingSettings => ({
  service_charge_rate_bp: c.serviceChargeRateBp,
  service_charge_methods: offeredMethods(c.serviceChargeMethods),
  service_tax_rate_bp: c.serviceTaxRateBp,
  service_charge_taxable: c.serviceTaxOnServiceCharge,
  cash_rounding: channel === 'counter' && c.cashRounding,
});

/** "Thu 07:00" in the outlet's zone, for "opens again at …". */
function localOpening(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-MY', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

interface CheckedOutlet extends OutletClock {
  name: string;
  status: string;
  acceptingOrders: boolean;
  servingMethods: string[];
}

/**
 * Refuses an order the outlet would not take now, each reason with its own code. Answers whether
 * it is a counter sale outside opening hours that the cashier confirmed (`allowOutsideHours`).
 */
export function checkOutlet(
  c: CheckedOutlet,
  channel: OrderChannel,
  order: { servingMethod: ServingMethod; allowOutsideHours: boolean },
  at: Date,
): boolean {
  // A disabled outlet does not exist for customers; staff see why they cannot sell there.
  if (c.status !== 'active' && channel === 'app') throw new AppError('not_found');
  if (c.status !== 'active' || !c.acceptingOrders) {
    throw new AppError(
      'outlet_not_accepting_orders',
      channel === 'app' ? { message: `${c.name} is not taking app orders right now` } : {},
    );
  }
  if (!offeredMethods(c.servingMethods).includes(order.servingMethod)) {
    throw new AppError('serving_method_unavailable', {
      message: `${c.name} does not offer ${servingLabel(order.servingMethod).toLowerCase()}`,
      details: [{ path: 'serving_method', message: messageKey('invalid') }],
    });
  }
  const { state } = outletClockAt(c, at);
  if (state.accepting_orders) return false;
  if (channel === 'counter') {
    // A counter sale outside hours goes ahead when the cashier confirmed the warning; it is noted
    // on the order and in the audit trail.
    if (order.allowOutsideHours) return true;
    throw new AppError('outlet_closed', {
      message: state.open
        ? `${c.name} has stopped taking orders for today (last orders ${c.lastOrderMinutes} minutes before closing). Confirm a sale outside opening hours to go ahead.`
        : `${c.name} is closed now. Confirm a sale outside opening hours to go ahead.`,
    });
  }
  if (!state.open) {
    throw new AppError('outlet_not_open', {
      message: state.next_open_at
        ? `${c.name} is closed now. It opens again ${localOpening(state.next_open_at, c.timezone)}.`
        : `${c.name} is closed now.`,
    });
  }
  throw new AppError('outlet_last_orders_passed', {
    message: `${c.name} has stopped taking orders for today (last orders ${c.lastOrderMinutes} minutes before closing)`,
  });
}

/** Payments settle the total exactly; cash may be over-tendered and gets change. */
export function checkPayments(payments: readonly PaymentInput[], total: number) {
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  payments.forEach((p, i) => {
    if (p.amount === 0 && total > 0) {
      throw validationError([
        { path: `payments.${i}.amount`, message: messageKey('min_value', { min: 1 }) },
      ]);
    }
    // The wallet is charged only with the customer's consent: the code their app shows.
    if (p.method === 'wallet' && !p.payment_code) {
      throw new AppError('wallet_payment_needs_code', {
        details: [{ path: `payments.${i}.payment_code`, message: messageKey('required') }],
      });
    }
    if (p.method !== 'wallet' && p.payment_code) {
      throw validationError([
        { path: `payments.${i}.payment_code`, message: messageKey('invalid') },
      ]);
    }
  });
  if (paid !== total) {
    throw new AppError('payment_mismatch', {
      message: `The payments (${ringgit(paid)}) do not add up to the total (${ringgit(total)})`,
      details: [{ path: 'payments', message: messageKey('invalid') }],
    });
  }
  return payments.map((p, i) => {
    const tendered = p.method === 'cash' ? (p.tendered ?? p.amount) : null;
    return {
      lineNo: i + 1,
      method: p.method,
      amount: p.amount,
      tendered,
      changeGiven: tendered === null ? 0 : tendered - p.amount,
      reference: p.reference || null,
    };
  });
}
