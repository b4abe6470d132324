import { loyaltyAppClock } from './idempotency-walk/loyalty-app-mobile';
import { rewardDrivers } from './idempotency-walk/rewards';
import { walkReusedKeys } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

const ctx = useTestApp({ signIn: ['admin'], api: 'admin', now: loyaltyAppClock.now });
walkReusedKeys(ctx, rewardDrivers(ctx), () => ctx.as.admin);
