import { catalogueDrivers } from './idempotency-walk/catalogue';
import { walkReusedKeys } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
walkReusedKeys(ctx, catalogueDrivers(ctx), () => ctx.as.admin);
