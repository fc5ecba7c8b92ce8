import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { withSiteConfig } from './http/site-config';
import { type Database, openDatabase } from './db/client';
import type { Deps } from './deps';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { toolRoutes } from './features/tools/routes';
import { fileRoutes } from './features/files/routes';
import { fileServing } from './features/files/serve';
import { profileRoutes } from './features/profiles/routes';
import { withTaleMeta } from './features/tales/og';
import { taleRoutes } from './features/tales/routes';
import { setLikedLookup } from './features/tales/service';
import { likeRoutes } from './features/likes/routes';
import { likedBy } from './features/likes/service';
import { notificationRoutes } from './features/notifications/routes';
import { countUnshown } from './features/notifications/service';
import { auth } from './http/auth';
import { registerBodyParsers } from './http/body';
import { registerEdge, requestId } from './http/edge';
import { type RateLimiter, createRateLimiter } from './http/rate-limit';
import { createMailer, type Mailer } from './mail/mailer';
import { createStorage, type Storage } from './storage/storage';

export interface AppOptions {
  /** An already open database (tests share one per file); otherwise opened from config. */
  database?: Database;
  limiter?: RateLimiter;
  mailer?: Mailer;
  storage?: Storage;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
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
    trustProxy: config.TRUST_PROXY === '1',
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ?? (await openDatabase({ url: config.DATABASE_URL || undefined, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const limiter = options.limiter ?? createRateLimiter(config.REDIS_URL);
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir, log: app.log });
  const storage = options.storage ?? createStorage(config);
  const deps: Deps = { db: database.db, config, mailer, limiter, log: app.log, storage };
  const countNotifications = (userId: number) => countUnshown(database.db, userId);
  setLikedLookup(likedBy);

  app.addHook('onClose', async () => {
    mailer.close();
    await limiter.close();
    if (!options.storage) await storage.close();
    if (!options.database) await database.close();
  });

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
  await app.register(auth, { db: database.db, config, countNotifications });

  app.get('/healthz', async (_request, reply) => {
    const up = await database.ping();
    return reply
      .code(up ? 200 : 503)
      .type('application/json; charset=utf-8')
      .send({ status: up ? 'ok' : 'unavailable', database: database.kind });
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes(deps, countNotifications));
      await api.register(profileRoutes(deps, countNotifications));
      await api.register(taleRoutes(deps));
      await api.register(likeRoutes(deps));
      await api.register(notificationRoutes(deps));
      await api.register(adminRoutes(deps));
      await api.register(toolRoutes(deps));
      await api.register(fileRoutes(deps));
    },
    { prefix: config.API_PREFIX },
  );
  await app.register(fileServing(deps));

  const indexHtml = path.join(config.webDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Built assets carry a content hash in their names and never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }

  // Read once: every app route is served this page, with a tale's meta tags where it shows one.
  const indexPage = hasWeb ? withSiteConfig(fs.readFileSync(indexHtml, 'utf8'), config) : '';
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !edge.isApi(request.url);
    if (hasWeb && isPage) {
      const pathname = request.url.split('?')[0];
      const html = await withTaleMeta(deps, indexPage, pathname, `${request.protocol}://${request.host}`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return edge.notFound(request, reply);
  });

  return { app, deps, database };
}
