import { posRefundDrivers } from './idempotency-walk/pos-refunds';
import { walkReusedKeys } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
walkReusedKeys(ctx, posRefundDrivers(ctx), () => ctx.as.admin);
