/**
 * The API as a Hono app, without a socket. Middleware order: request id and log → security headers → CORS →
 * IP rate limit → body limit → (health checks, the OpenAPI document, signed file links, payments config, Stripe's
 * webhook, public share pages, /mcp without credentials) → token or API key → the key's scopes → user or key rate limit → profile →
 * routes.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { apiKeyAuthenticator } from '~/server/auth/api-keys.ts';
import { emulatorAccountSaver } from '~/server/auth/emulator-export.ts';
import { requireKeyScope, requireUser } from '~/server/auth/middleware.ts';
import type { Db } from '~/server/db/index.ts';
import { requireProfile } from '~/server/features/account/middleware.ts';
import { profileRoutes } from '~/server/features/account/routes.ts';
import { adminRoutes } from '~/server/features/admin/routes.ts';
import { analyticsRoutes } from '~/server/features/analytics/routes.ts';
import { batchRoutes } from '~/server/features/batches/routes.ts';
import { brandRoutes } from '~/server/features/brand/routes.ts';
import { brandKitSource } from '~/server/features/brand/service.ts';
import { logosInUse } from '~/server/features/brand/store.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { apiKeyRoutes } from '~/server/features/developers/keys/routes.ts';
import { turnedOffEndpointNotices } from '~/server/features/developers/webhooks/notices.ts';
import { webhookRoutes } from '~/server/features/developers/webhooks/routes.ts';
import { fileRoutes } from '~/server/features/files/routes.ts';
import { uploadRoutes } from '~/server/features/files/uploads.ts';
import { gpuAnalytics } from '~/server/features/gpu/analytics.ts';
import { gpuRoutes } from '~/server/features/gpu/routes.ts';
import { imageRoutes } from '~/server/features/images/routes.ts';
import { paymentRoutes } from '~/server/features/payments/routes.ts';
import { presetRoutes } from '~/server/features/presets/routes.ts';
import { presetSource } from '~/server/features/presets/service.ts';
import { scriptRoutes } from '~/server/features/scripts/routes.ts';
import { sharingRoutes } from '~/server/features/sharing/routes.ts';
import { shareViewsMetric } from '~/server/features/sharing/service.ts';
import { speechRoutes } from '~/server/features/speech/routes.ts';
import { videoRoutes } from '~/server/features/videos/routes.ts';
import { videoService } from '~/server/features/videos/service.ts';
import { imagesInUse } from '~/server/features/videos/uploads.ts';
import { watermarkActivity } from '~/server/features/watermark/analytics.ts';
import { watermarkRoutes } from '~/server/features/watermark/routes.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { HttpError } from '~/server/http/errors.ts';
import { bodyLimits, clientIp, onError, rateLimit, requestContext } from '~/server/http/middleware.ts';
import { MCP_PATH, mcpCredentials, mcpRoutes } from './mcp/routes.ts';
import { healthRoutes } from './routes/health.ts';
import { jobRoutes } from './routes/jobs.ts';
import { openApiRoutes } from './routes/openapi.ts';

export function createApiApp(deps: ApiDeps) {
  const { config } = deps;
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.notFound(() => {
    throw new HttpError(404, 'Not found');
  });

  app.use(requestContext(deps.log));
  // Keep headers a route set itself: signed file links must stay Cross-Origin-Resource-Policy: cross-origin, or the
  // site (another origin) cannot play them in <video>/<audio> or show them in <img>.
  app.use(secureHeaders({ overwrite: false }));
  app.use(
    cors({
      origin: (origin) => (config.corsOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // Tus-* and Upload-*: the resumable upload protocol of watermark removal.
      allowHeaders: [
        'Authorization',
        'Content-Type',
        'X-Request-Id',
        'Idempotency-Key',
        'Tus-Resumable',
        'Upload-Length',
        'Upload-Metadata',
        'Upload-Offset',
      ],
      exposeHeaders: ['X-Request-Id', 'Retry-After', 'Location', 'Tus-Resumable', 'Upload-Offset', 'Upload-Length'],
      maxAge: 600,
    }),
  );
  app.use(rateLimit(config.rateLimit.ip, (c) => `ip:${clientIp(c, config.trustProxy)}`));
  app.use(bodyLimits(config.bodyLimit.json));

  const files = fileRoutes(deps);
  const payments = paymentRoutes(deps);
  const sharing = sharingRoutes(deps);
  const brandKit = brandKitSource(deps.database);
  // A batch's rows are the videos feature's own videos, made through its service, with the presets they name.
  const batches = batchRoutes(deps, videoService(deps, brandKit), presetSource(deps.database));
  app.route('/', healthRoutes(deps));
  app.route('/', openApiRoutes(deps));
  app.route('/', files.public);
  app.route('/', batches.signed);
  // Stripe's webhook signs its body instead of carrying a user token.
  app.route('/', payments.public);
  // Share pages are public: their unguessable token is the whole permission.
  app.route('/', sharing.public);

  app.use(MCP_PATH, mcpCredentials);
  app.use(requireUser(deps.verifier, apiKeyAuthenticator(deps.database.db)));
  app.use(requireKeyScope());
  // A key's requests have their own bucket, so a script running on a key cannot starve its owner's dashboard.
  app.use(rateLimit(config.rateLimit.user, (c) => (c.get('apiKey') ? undefined : `uid:${c.get('uid')}`)));
  app.use(rateLimit(config.rateLimit.apiKey, (c) => (c.get('apiKey') ? `key:${c.get('apiKey')?.id}` : undefined)));
  // npm start's own Auth emulator: accounts saved under DATA_DIR after each new or changed one.
  const exportDir = config.firebase.emulatorExportDir;
  const emulatorHost = config.firebase.authEmulatorHost;
  const accounts =
    exportDir && emulatorHost
      ? emulatorAccountSaver({ host: emulatorHost, projectId: config.firebase.projectId, dir: exportDir })
      : undefined;
  app.use(requireProfile(deps.database, accounts ? { onCreated: accounts.save } : {}));
  app.route('/', profileRoutes(deps, accounts?.save, [turnedOffEndpointNotices]));
  app.route('/', jobRoutes(deps));
  app.route('/', files.private);
  // Scene images and brand logos of videos being made cannot be deleted under them.
  const filesInUse = async (db: Db, uid: string) =>
    new Set([...(await imagesInUse(db, uid)), ...(await logosInUse(db, uid))]);
  app.route('/', uploadRoutes(deps, filesInUse));
  app.route('/', scriptRoutes(deps));
  app.route('/', speechRoutes(deps));
  app.route('/', imageRoutes(deps));
  app.route('/', videoRoutes(deps, brandKit));
  app.route('/', batches.signedIn);
  app.route('/', brandRoutes(deps));
  app.route('/', presetRoutes(deps));
  app.route('/', sharing.private);
  app.route('/', payments.private);
  app.route('/', adminRoutes(deps));
  app.route('/', gpuRoutes(deps));
  app.route('/', watermarkRoutes(deps));
  app.route('/', apiKeyRoutes(deps));
  app.route('/', webhookRoutes(deps));
  // The MCP server's tools call this very app, as the caller, once every route is mounted.
  app.route(
    '/',
    mcpRoutes((request, env) => app.fetch(request, env)),
  );
  // Features with their own figures (GPU hours) or running work (rentals) add a contribution to these lists.
  const gpu = gpuAnalytics(deps.database);
  app.route(
    '/',
    analyticsRoutes(deps, {
      metrics: [gpu.hours, shareViewsMetric(deps.database)],
      activity: [gpu.rentals, watermarkActivity(deps.database)],
    }),
  );
  return app;
}
