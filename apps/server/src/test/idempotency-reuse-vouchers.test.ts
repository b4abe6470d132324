import { voucherDrivers } from './idempotency-walk/vouchers';
import { walkReusedKeys } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
walkReusedKeys(ctx, voucherDrivers(ctx), () => ctx.as.admin);
