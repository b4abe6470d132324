import { accessDrivers } from './idempotency-walk/access';
import { walkReusedKeys } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

// The platform user's drivers sign in sessions of their own (idempotency-walk/access-fixtures.ts).
const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
walkReusedKeys(ctx, accessDrivers(ctx), () => ctx.as.admin);
