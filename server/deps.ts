import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { RateLimiter } from './http/rate-limit';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';

/** What features need from the outside world; built once per app, replaced in tests. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  storage: Storage;
}
