import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import type { ReadRouter } from './db/read-replica';
import { prepareDatabase } from './db/setup';
import { installAccessControl, markRoutesPublic, type RouteAccess } from './lib/access';
import { loadSessionPrincipal } from './lib/principal';
import { installReadRouter } from './lib/read-routing';
import { createPrincipalCache, type PrincipalCache, PRINCIPALS_CACHE } from './lib/principal-cache';
import { type Clock, offsetClock, systemClock } from './lib/clock';
import { registerApiCompression } from './lib/api-compression';
import { AppError, documentErrorResponses, installErrorHandling } from './lib/errors';
import { answerClientError, frameworkErrors } from './lib/framework-errors';
import { installJsonBody } from './lib/json-body';
import { installBodyTimeout, serverTimeouts } from './lib/request-timeout';
import { installSecurityHeaders } from './lib/security-headers';
import { createResponseSerializer } from './lib/response-serializer';
import { scheduleHousekeeping } from './lib/housekeeping';
import { loggerOptions } from './lib/log-redaction';
import { installIdempotency } from './lib/idempotency';
import { installPasswordChangeGuard } from './lib/password-change-guard';
import { createMailer } from './lib/mailer';
import { createPasswordHasher } from './lib/password';
import { resolveJwtSecret } from './lib/secrets';
import { createTokenSigner } from './lib/tokens';
import { uploadsDir } from './lib/uploads';
import { registerUploads, registerWebApp } from './lib/web-app';
import { createAppFeatureService } from './modules/app-features/app-features.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { accountRoutes } from './modules/account/account.routes';
import { approvalRoutes } from './modules/approvals/approvals.routes';
import { createApprovalService } from './modules/approvals/approvals.service';
import { drawerOpeningRoutes } from './modules/shifts/drawer-openings.routes';
import { createDrawerOpeningService } from './modules/shifts/drawer-openings.service';
import { createAccountService } from './modules/account/account.service';
import { devRoutes } from './modules/dev/dev.routes';
import { createDevService } from './modules/dev/dev.service';
import { healthRoutes } from './modules/health/health.routes';
import { liveRoutes } from './modules/live/live.routes';
import { createLiveService } from './modules/live/live.service';
import { createHealthService } from './modules/health/health.service';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createNotificationService } from './modules/notifications/notifications.service';
import { schedulePointsExpiry } from './modules/loyalty/points-expiry.service';
import { registerAppContentRoutes } from './app-content-routes';
import { registerCatalogueRoutes } from './catalogue-routes';
import { registerCommerceRoutes } from './commerce-routes';
import { buildCommerceServices } from './composition/commerce-services';
import { seedDemoData } from './composition/demo-seed';
import type { SandboxDelivery } from './modules/payments/refund-payouts/refund-payouts.service';
import { logRoutes } from './modules/logs/logs.routes';
import { createLogService } from './modules/logs/logs.service';
import { menuRoutes } from './modules/menus/menus.routes';
import { createMenuService } from './modules/menus/menus.service';
import { permissionRoutes } from './modules/permissions/permissions.routes';
import { createPermissionService } from './modules/permissions/permissions.service';
import { roleRoutes } from './modules/roles/roles.routes';
import { createRoleService } from './modules/roles/roles.service';
import { userRoutes } from './modules/users/users.routes';
import { createUserService } from './modules/users/users.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { reportRoutes } from './modules/reports/reports.routes';
import { createReportService } from './modules/reports/reports.service';
import { createJobRunner } from './lib/jobs/job-runner';
import { registerVoucherRoutes } from './modules/vouchers/voucher-module';
import { registerVoucherCampaignRoutes } from './modules/voucher-campaigns/voucher-campaign-module';
import { registerRewardRoutes } from './reward-routes';
import { registerVoucherUsageRoutes } from './modules/voucher-usage/voucher-usage-module';

export interface BuildAppOptions {
  config: Config;
  /** Closed when the app closes. */
  database: Database;
  /** Migrate and seed before anything reads the database (db/setup.ts). Default true. */
  prepare?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Test hook: registers extra routes under /api before the app is ready. */
  extraRoutes?: (api: FastifyInstance) => void | Promise<void>;
  /** Test hook: "now" for business dates and opening hours. Default: the system clock. */
  now?: Clock;
  /**
   * Test hook: what becomes of the sandbox's refund callbacks. Default: posted to this server's
   * callback route straight after, as the pretend bank would.
   */
  sandboxDelivery?: SandboxDelivery;
  /** Test hook: sweep expired points on a timer. Default true; tests call the sweep themselves. */
  pointsExpirySweep?: boolean;
  /** Test hook: run background jobs (code generation) as they are enqueued. Default true. */
  backgroundJobs?: boolean;
  /** Test hook: seed the demo orders (config.demoOrders) though the demo data was there already. */
  demoOrdersOnPrepared?: boolean;
}

export interface KopiApp {
  app: FastifyInstance;
  /** Where reads that may lag go; tests read its counts. */
  reads: ReadRouter;
  /** Every route with its access declaration, filled when the app is ready. */
  routes: RouteAccess[];
  demoSeeded: boolean;
  /** Signed-in principals kept in memory (decision 025); tests read its counts. */
  principals: PrincipalCache;
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<KopiApp> {
  const { config, database } = options;
  const { db } = database;

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    ...serverTimeouts(config),
    // A hop count trusts that many proxies nearest the server, whatever the client wrote before.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Honour a load balancer's request id so log lines can be followed across hops.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler: answerClientError,
  });
  installBodyTimeout(app, config.requestTimeoutMs);
  installJsonBody(app);
  installSecurityHeaders(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ checkAgainstZod: config.checkResponses }));
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  let spaFallback: Awaited<ReturnType<typeof registerWebApp>> = null;
  let stopPayoutSweeper = () => {};
  let stopCampaignTick = () => {};
  // The sandbox's refund callback, posted to this server as the pretend bank would.
  const deliverToSelf: SandboxDelivery = (callback) => {
    setImmediate(() => {
      app
        .inject({
          method: 'POST',
          url: callback.url,
          headers: callback.headers,
          payload: callback.body,
        })
        .then((res) => {
          if (res.statusCode >= 400) {
            app.log.warn({ statusCode: res.statusCode }, 'sandbox refund callback refused');
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'sandbox refund callback failed'));
    });
  };
  installErrorHandling(app, {
    notFoundFallback: async (request, reply) => (spaFallback ? spaFallback(request, reply) : false),
  });

  const routes: RouteAccess[] = [];
  const hasher = createPasswordHasher(config.passwordHashing);
  const { demoSeeded } =
    options.prepare === false
      ? { demoSeeded: false }
      : await prepareDatabase(database, { seedDemo: config.seedDemo, hasher, log: app.log });
  // End-to-end runs move the clock through the test-only dev routes.
  const e2eClock = config.e2e && !options.now ? offsetClock() : null;
  const now = options.now ?? e2eClock?.now ?? systemClock;
  if ((demoSeeded || options.demoOrdersOnPrepared) && config.demoOrders) {
    await seedDemoData(database, { now, config, hasher, log: app.log });
  }
  const signer = createTokenSigner(await resolveJwtSecret(db, config.jwtSecret));
  const principals = createPrincipalCache((sessionId, userId) =>
    loadSessionPrincipal(db, sessionId, userId),
  );
  const stopWatchingCaches = await database.watchCaches((payload) => {
    if (payload === PRINCIPALS_CACHE || payload === '*') principals.clear();
  });
  installAccessControl(app, { db, signer, principals, routes });
  const reads = installReadRouter(app, { database, config });
  installPasswordChangeGuard(app);
  installIdempotency(app, { db });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kopi HQ API',
        description:
          'Back office of a coffee-shop chain. Errors: `{ code_message, message, details? }`.',
        version: config.version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  app.addHook('onRoute', documentErrorResponses);
  // The customer app's feature switches: listed with the app settings, checked by the app's calls.
  const appFeatures = createAppFeatureService({ db });
  const authService = createAuthService({ db, config, hasher, signer, log: app.log, appFeatures });
  // Long work (generating 100,000 voucher codes) runs here in committed chunks (lib/jobs).
  const jobs = createJobRunner({ db, log: app.log });
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  await app.register(
    async (api) => {
      await registerApiCompression(api);
      await api.register(healthRoutes, {
        service: createHealthService({ database, version: config.version }),
      });
      await api.register(authRoutes, {
        service: authService,
        loginRateLimit: config.loginRateLimit,
      });
      await api.register(accountRoutes, {
        service: createAccountService({
          db,
          config,
          hasher,
          signer,
          auth: authService,
          log: app.log,
          mailer,
        }),
        rateLimit: config.loginRateLimit,
      });
      // A manager's PIN at the till: set in account settings, asked by the till's actions.
      const approvals = createApprovalService({ db, hasher, now });
      await api.register(approvalRoutes, { service: approvals, rateLimit: config.loginRateLimit });
      // "No sale": the drawer opened with a reason, a manager's PIN when the cashier needs one.
      await api.register(drawerOpeningRoutes, {
        service: createDrawerOpeningService({ db, now, approvals }),
      });
      await api.register(notificationRoutes, { service: createNotificationService({ db }) });
      const userService = createUserService({
        db,
        hasher,
        mailer,
        appUrl: config.appUrl,
        log: app.log,
      });
      await registerCatalogueRoutes(api, {
        db,
        now,
        dataDir: config.dataDir,
        tenantAdmins: userService,
      });
      // Orders and the POS, online payments, refunds and the customer app.
      const commerce = await buildCommerceServices({
        db,
        now,
        config,
        hasher,
        log: app.log,
        deliver: options.sandboxDelivery ?? deliverToSelf,
        approvals,
        reads,
      });
      ({ stopPayoutSweeper } = await registerCommerceRoutes(api, {
        db,
        now,
        config,
        services: commerce,
        appFeatures,
      }));
      // The customer app's content: feature switches, texts, banners and the app's config.
      await registerAppContentRoutes(api, {
        db,
        now,
        dataDir: config.dataDir,
        appFeatures,
        customers: commerce.customers,
        customerRateLimit: config.mobileRateLimit,
      });
      await registerVoucherRoutes(api, { db, now, jobs });
      stopCampaignTick = await registerVoucherCampaignRoutes(api, {
        db,
        now,
        jobs,
        tick: options.backgroundJobs !== false,
      });
      await registerRewardRoutes(api, {
        db,
        now,
        appFeatures,
        customerRateLimit: config.mobileRateLimit,
      });
      await registerVoucherUsageRoutes(api, { db, now });
      // Users, roles, the permission catalogue, menus and the audit log.
      const logService = createLogService({ db });
      await api.register(userRoutes, {
        service: userService,
        logs: logService,
      });
      await api.register(roleRoutes, { service: createRoleService({ db }) });
      await api.register(permissionRoutes, { service: createPermissionService({ db }) });
      await api.register(menuRoutes, { service: createMenuService({ db }) });
      await api.register(logRoutes, { service: logService });
      // Sales reports and the dashboard, from the rollups.
      await api.register(reportRoutes, { service: createReportService({ db, reads }) });
      await api.register(dashboardRoutes, { service: createDashboardService({ db, now, reads }) });
      if (config.e2e) {
        app.log.warn(
          'KOPI_E2E is on: test-only routes (GET /api/dev/outbox, POST /api/dev/clock) are registered',
        );
        await api.register(devRoutes, { service: createDevService({ db, clock: e2eClock }) });
      }
      if (options.extraRoutes) await options.extraRoutes(api);
    },
    { prefix: '/api' },
  );

  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  // Live order events on /ws (DESIGN §9), outside /api as the spec names it.
  const live = createLiveService({ database, log: app.log });
  await live.start();
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(liveRoutes, { service: live, heartbeatMs: config.liveHeartbeatMs });

  await registerUploads(app, { dir: uploadsDir(config.dataDir) });
  spaFallback = await registerWebApp(app, { webDist: config.webDist });

  const stopHousekeeping = scheduleHousekeeping(db, (error) =>
    app.log.error({ err: error }, 'housekeeping failed'),
  );
  const stopPointsExpiry =
    options.pointsExpirySweep === false
      ? () => {}
      : schedulePointsExpiry(db, now, (error) =>
          app.log.error({ err: error }, 'points expiry sweep failed'),
        );
  if (options.backgroundJobs !== false) jobs.start();
  app.addHook('onClose', async () => {
    await jobs.stop();
    stopHousekeeping();
    stopPointsExpiry();
    stopCampaignTick();
    stopPayoutSweeper();
    await stopWatchingCaches();
    await live.stop();
    await reads.close();
    await database.close();
  });

  return { app, routes, demoSeeded, principals, reads };
}
