import { counterDrivers } from './idempotency-walk/counter';
import { walkReusedKeys } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
walkReusedKeys(ctx, counterDrivers(ctx), () => ctx.as.admin);
