import { appContentDrivers } from './idempotency-walk/app-content';
import { walkReusedKeys } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
walkReusedKeys(ctx, appContentDrivers(ctx), () => ctx.as.admin);
