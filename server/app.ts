import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { answerSerializerCompiler } from './http/serializer';
import { createCaches } from './caches';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import type { Deps } from './deps';
import { createEventBus } from './events';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { toolRoutes } from './features/tools/routes';
import { fileRoutes } from './features/files/routes';
import { exportRoutes } from './features/exports/routes';
import { fileServing } from './features/files/serve';
import { profileRoutes } from './features/profiles/routes';
import { taleRoutes } from './features/tales/routes';
import { createMemorySearch } from './features/tales/memory-search';
import { syndicationRoutes } from './features/syndication/routes';
import { withFeedLinks } from './features/syndication/feeds';
import { likeRoutes } from './features/likes/routes';
import { likedBy } from './features/likes/service';
import { notificationRoutes } from './features/notifications/routes';
import { notificationStreams } from './features/notifications/stream';
import { currentUser } from './http/auth';
import { sessionAlive, sessions } from './features/auth/hook';
import { channelFor, createEventRelay } from './event-relay';
import { apiDocs } from './http/api-docs';
import { registerBodyParsers } from './http/body';
import { closeUnusedConnections } from './http/drain';
import { registerEdge, requestId, routerError } from './http/edge';
import { registerWebApp } from './http/web-app';
import { withTaleMeta } from './features/tales/og';
import { type RateLimiter, createRateLimiter } from './http/rate-limit';
import { createMailer, type Mailer } from './mail/mailer';
import { createStorage } from './storage/create';
import type { Storage } from './storage/storage';

/** TRUST_PROXY as Fastify takes it: N hops means the N addresses nearest the server are proxies. */
function trustedProxies(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export interface AppOptions {
  /** An already open database (tests share one per file); otherwise opened from config. */
  database?: Database;
  limiter?: RateLimiter;
  mailer?: Mailer;
  storage?: Storage;
  /** false: no event relay even on PostgreSQL (a test of one server alone). */
  relay?: false;
  /** The HTTP server to answer on, already listening while the app is built (http/starting.ts). */
  serverFactory?: FastifyServerFactory;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  /** Every method and route pattern served (filled as routes register). */
  routes: readonly { method: string; url: string }[];
  /** From now on /healthz answers 503 "draining" (everything else as before): the balancer takes the server out. */
  drain(): void;
}

/** Builds the whole server from a config. main.ts listens on it; tests build it too. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: {
              paths: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
              censor: '[hidden]',
            },
          },
    genReqId: requestId,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // Long enough that a schema names the field of an over-long parameter; past it, a 414 envelope.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 500 },
    frameworkErrors: routerError,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  closeUnusedConnections(app);
  app.setValidatorCompiler(validatorCompiler);
  // under the tests every answer is checked both ways (http/serializer.ts)
  app.setSerializerCompiler(answerSerializerCompiler({ crossCheck: process.env.NODE_ENV === 'test' }));

  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL || undefined,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
      pglitePrewarm: config.PGLITE_PREWARM,
      onPrewarmed: ({ files, bytes, capped, stopped }, ms) =>
        app.log.info(
          { files, megabytes: Math.round(bytes / 2 ** 20), ms, capped, stopped },
          "read the embedded database's files through once, so the first requests find them in memory",
        ),
      onIdleError: (err) => app.log.warn({ err }, 'an idle database connection was closed by the server; the pool opens another'),
    }));
  const limiter =
    options.limiter ??
    createRateLimiter(config.REDIS_URL, {
      // the counters of one site: two sites on one Redis never spend each other's attempts
      prefix: `tales:rl:${config.DATABASE_URL ? channelFor(config.EVENTS_CHANNEL, config.DATABASE_URL) : 'local'}:`,
      onDown: (err) => app.log.warn({ err }, 'Redis is unavailable; rate-limited calls answer 503 until it is back'),
      onUp: () => app.log.info('Redis is back'),
    });
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir, log: app.log });
  const storage = options.storage ?? createStorage(config);
  const events = createEventBus(app.log);
  // Several servers on one database tell each other what they committed (a single PGlite server has nobody to tell).
  const relay =
    options.relay === false
      ? undefined
      : createEventRelay(config, {
          log: app.log,
          onEvents: (received) => void events.deliver(received),
          // what was sent while the relay was cut off is lost: every cache goes once
          onResumed: () => void events.deliver([{ type: 'feed.changed' }, { type: 'users.changed' }]),
        });
  if (relay) {
    events.relayTo(relay);
    await relay.ready();
  }
  // Before the caches, so a write is in the memory search before a page that shows it is dropped.
  const search = config.SEARCH_ENGINE === 'memory' ? createMemorySearch({ db: database.db, events, log: app.log }) : undefined;
  const deps: Deps = {
    db: database.db,
    config,
    mailer,
    limiter,
    log: app.log,
    storage,
    events,
    caches: createCaches(config, events, () => relay !== undefined && !relay.up),
    lookups: { likedBy, sessionAlive: (token) => sessionAlive(deps, token) },
    relay,
  };

  app.addHook('onClose', async () => {
    search?.close();
    await relay?.close();
    mailer.close();
    await limiter.close();
    if (!options.storage) await storage.close();
    if (!options.database) await database.close();
  });

  // First, so every answer (refused, CORS preflight, error, 404) gets the security headers.
  await app.register(import('./http/security-headers'), { config });
  await app.register(fastifyCookie);
  await app.register(fastifyCors, {
    origin: (origin, cb) => cb(null, origin !== undefined && config.CORS_ORIGINS.includes(origin) ? origin : false),
    credentials: true,
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['x-requested-with', 'fgp', 'uid', 'token', 'content-type'],
    maxAge: 600,
  });
  // A file over the size limit is cut off and flagged rather than thrown, so the upload route can
  // read the request to its end and answer with a message instead of a reset connection.
  await app.register(fastifyMultipart, {
    limits: { fieldSize: config.BODY_LIMIT_BYTES, fields: 200, files: 20 },
    throwFileSizeLimit: false,
  });
  registerBodyParsers(app);
  const edge = registerEdge(app, { apiPrefix: config.API_PREFIX });
  await app.register(currentUser);
  await app.register(sessions, { deps });

  // The database down means nothing works (503, a load balancer takes the server out); Redis
  // down stops only rate-limited calls, on every server alike, so it is reported, not failed.
  // So is an event relay on PostgreSQL that lost its listening connection (on Redis, 'redis' says it).
  const streams = notificationStreams(deps);
  let draining = false;
  app.get('/healthz', async (_request, reply) => {
    if (draining)
      return reply
        .code(503)
        .type('application/json; charset=utf-8')
        .send({ status: 'draining', database: database.kind, down: [], streams: streams.size });
    const [dbUp, redisUp] = await Promise.all([database.ping(), limiter.kind === 'redis' ? limiter.ping() : undefined]);
    const down = [
      ...(dbUp ? [] : ['database']),
      ...(redisUp === false ? ['redis'] : []),
      ...(relay?.kind === 'postgres' && !relay.up ? ['events'] : []),
    ];
    return reply
      .code(dbUp ? 200 : 503)
      .type('application/json; charset=utf-8')
      .send({
        status: !dbUp ? 'unavailable' : down.length ? 'degraded' : 'ok',
        database: database.kind,
        down,
        // how many live notification streams this server holds (sizing: docs/deploy.md)
        streams: streams.size,
        // where searches are answered: the memory search once it is read whole (memory-search.ts)
        search: search ? (search.index() ? 'memory' : 'memory-reading') : 'database',
      });
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes(deps));
      await api.register(profileRoutes(deps));
      await api.register(taleRoutes(deps));
      await api.register(likeRoutes(deps));
      await api.register(notificationRoutes(deps, streams));
      await api.register(adminRoutes(deps));
      await api.register(toolRoutes(deps));
      await api.register(fileRoutes(deps));
      await api.register(exportRoutes(deps));
      await api.register(apiDocs(config.API_PREFIX));
    },
    { prefix: config.API_PREFIX },
  );
  await app.register(fileServing(deps));
  await app.register(syndicationRoutes(deps));

  const webApp = await registerWebApp(app, deps, (page, url, origin) =>
    withTaleMeta(deps, withFeedLinks(page, url), url.split('?')[0], origin),
  );
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !edge.isApi(request.url);
    return webApp && isPage && webApp.isPage(request.url) ? webApp.page(request, reply) : edge.notFound(request, reply);
  });

  return {
    app,
    deps,
    database,
    routes: edge.routes,
    drain: () => {
      draining = true;
    },
  };
}
