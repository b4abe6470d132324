import { loyaltyAppDrivers } from './idempotency-walk/loyalty-app';
import { loyaltyAppClock } from './idempotency-walk/loyalty-app-mobile';
import { walkReusedKeys } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

const ctx = useTestApp({ signIn: ['admin'], api: 'admin', now: loyaltyAppClock.now });
walkReusedKeys(ctx, loyaltyAppDrivers(ctx), () => ctx.as.admin);
