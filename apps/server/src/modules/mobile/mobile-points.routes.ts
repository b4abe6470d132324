import {
  mobilePointsSchema,
  mobileRedeemResultSchema,
  mobileRedeemSchema,
  mobileReferralsSchema,
} from '@kopi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoutes, idempotencyKeyOf } from '../../lib/route-kit';
import type { AppFeatureService } from '../app-features/app-features.service';
import type { CustomerService } from '../customers/customers.service';
import type { MemberPointsService } from '../loyalty/member-points.service';
import type { ReferralListService } from '../loyalty/referral-list.service';
import { customerContextOf } from './mobile-tenant';

// The customer app's points and referrals (DESIGN §8 /api/mobile/…, a customer session): the
// balance, tier and next tier, redeeming points for wallet credit, the referral code and the
// friends it brought. Rate-limited per customer like the app's other routes.

export interface MobilePointsRoutesOptions {
  customers: CustomerService;
  points: MemberPointsService;
  referrals: ReferralListService;
  /** Writes per customer per minute (reads get five times as many). */
  customerRateLimit: number;
  /** Redeeming needs the app's membership switched on (decision 041). */
  features: Pick<AppFeatureService, 'require'>;
}

export async function mobilePointsRoutes(app: FastifyInstance, options: MobilePointsRoutesOptions) {
  const { customers, points, referrals, features } = options;
  const route = defineRoutes(app, { tags: ['mobile app'], context: customerContextOf });
  const perCustomer = (max: number) =>
    ({
      bearer: 'customer',
      rateLimit: {
        max,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) =>
          request.customer ? `customer:${request.customer.customerId}` : request.ip,
      },
    }) as const;

  route.get('/mobile/points', {
    config: perCustomer(options.customerRateLimit * 5),
    summary:
      'My points, tier and what the next tier needs (points or sen spent over 12 months), and the redemption rate',
    data: mobilePointsSchema,
    handler: ({ customer }) => points.points(customer),
  });

  route.post('/mobile/points/redeem', {
    config: perCustomer(options.customerRateLimit),
    summary:
      'Redeem points (a multiple of redeem_points) for wallet credit; the same Idempotency-Key posts once; app_feature_off while the app’s membership is switched off',
    body: mobileRedeemSchema,
    data: mobileRedeemResultSchema,
    handler: async ({ customer, ctx }, request) => {
      await features.require(customer.tenantId, null, ['membership']);
      return points.redeem(customer, ctx, request.body.points, idempotencyKeyOf(request));
    },
  });

  route.get('/mobile/referrals', {
    config: perCustomer(options.customerRateLimit * 5),
    summary: 'My referral code, whether referrals run, and the friends it brought',
    data: mobileReferralsSchema,
    handler: async ({ customer }) => {
      const me = await customers.me(customer);
      return referrals.mine({ ...customer, referralCode: me.referralCode });
    },
  });
}
