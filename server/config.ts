import os from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Configuration from environment variables, validated at start. Every value has a safe default
 * so a fresh clone runs with none set; a bad value stops the start with a message naming it.
 */
const csv = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

const urlOrEmpty = (protocols: string[]) =>
  z
    .string()
    .default('')
    .refine(
      (s) => {
        if (!s) return true;
        try {
          return protocols.includes(new URL(s).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.join(' or ')}`,
    );

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(s: string): boolean {
  try {
    if (s.includes('/')) ipaddr.parseCIDR(s);
    else ipaddr.parse(s);
    return true;
  } catch {
    return false;
  }
}

/** The megabytes a size like 512kB, 256MB or 2GB says, or undefined for anything else. */
function megabytesOf(s: string): number | undefined {
  const m = /^(\d{1,7})(kB|MB|GB)$/.exec(s);
  if (!m) return undefined;
  return (Number(m[1]) / (m[2] === 'kB' ? 1024 : 1)) * (m[2] === 'GB' ? 1024 : 1);
}

const positiveInt = (def: number) => z.coerce.number().int().positive().default(def);

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * How many app processes serve the port on this machine (node:cluster), `auto` for one per
     * core. More than one needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL): each process is a
     * server of its own, as several machines are (docs/deploy.md, "Several processes on one machine").
     */
    PROCESSES: z
      .string()
      .default('1')
      .refine(
        (s) => s === 'auto' || (/^\d{1,2}$/.test(s) && Number(s) >= 1 && Number(s) <= 64),
        'must be auto or a whole number from 1 to 64',
      )
      .transform((s) => (s === 'auto' ? os.availableParallelism() : Number(s))),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: urlOrEmpty(['postgres:', 'postgresql:']),
    /**
     * The embedded database's page cache (PostgreSQL's shared_buffers, inside the server's memory):
     * pages read again come from it instead of from the files. More is faster under load and costs
     * as much memory (docs/benchmarks.md, "PGlite under writes").
     */
    PGLITE_SHARED_BUFFERS: z
      .string()
      .default('256MB')
      .refine((s) => {
        const mb = megabytesOf(s);
        return mb !== undefined && mb >= 1 && mb <= 1024;
      }, 'must be a size like 256MB, from 1MB to 1GB'),
    /**
     * After the embedded database opens, how much of its files the server reads through once in the
     * background, so the first requests after a cold start find them in the system's memory instead
     * of waiting on the disk (db/prewarm.ts): `auto` up to half the memory free to the server at start
     * (a container's limit counted), `off`, or at most a size like 2GB.
     */
    PGLITE_PREWARM: z
      .string()
      .default('auto')
      .transform((s, ctx): 'auto' | number => {
        if (s === 'auto') return s;
        if (s === 'off') return 0;
        const mb = megabytesOf(s);
        if (mb === undefined) {
          ctx.addIssue({ code: 'custom', message: 'must be auto, off or a size like 2GB' });
          return z.NEVER;
        }
        return Math.floor(mb * 1024 * 1024);
      }),
    PUBLIC_URL: urlOrEmpty(['http:', 'https:']),
    API_PREFIX: z
      .string()
      .default('/api')
      .refine((s) => /^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(s), 'must look like /api'),
    CORS_ORIGINS: csv.refine(
      (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
      'must be a comma-separated list of origins like https://example.com',
    ),
    SMTP_URL: urlOrEmpty(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().default('Tales <no-reply@localhost>'),
    REDIS_URL: urlOrEmpty(['redis:', 'rediss:']),
    /**
     * The channel on which the servers of one site tell each other of committed writes (PostgreSQL
     * LISTEN/NOTIFY, or Redis pub/sub where it is qualified by the database, so sites sharing a
     * Redis never mix). Only sites on PostgreSQL use it.
     */
    EVENTS_CHANNEL: z
      .string()
      .default('tales_events')
      .refine((s) => /^[a-z_][a-z0-9_]{0,40}$/.test(s), 'must be lower-case letters, digits and _ (at most 41), not starting with a digit'),
    /** How often a live notification stream sends a heartbeat, so proxies and browsers keep it open. */
    NOTIFICATION_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(25_000),
    /** How many live notification streams one server holds; past it a page falls back to polling. */
    NOTIFICATION_STREAMS_MAX: positiveInt(10_000),
    /**
     * On SIGTERM, how long a server keeps answering while /healthz says 503 "draining", so the load
     * balancer takes it out before it stops accepting (more than its checks' fall × interval).
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_TTL_DAYS: positiveInt(30),
    /** Set to 0 when the site is served over plain http (cookies marked Secure need https). */
    COOKIE_SECURE: z.enum(['auto', '0', '1']).default('auto'),
    /**
     * Which proxies in front of the server may say who the client is (X-Forwarded-For/-Proto):
     * `0` none; a number N, the N proxies nearest the server (the client address is the Nth from
     * the right, so entries a client wrote itself are never taken); or a list of proxy addresses
     * and CIDRs. Never "every hop": that would let any client choose its own address.
     */
    TRUST_PROXY: z
      .string()
      .default('0')
      .transform((s, ctx): false | number | string[] => {
        const v = s.trim();
        if (/^\d+$/.test(v)) {
          const hops = Number(v);
          if (hops > 10) ctx.addIssue({ code: 'custom', message: 'must be at most 10 hops' });
          return hops === 0 ? false : hops;
        }
        const list = v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        const bad = list.filter((x) => !isAddressOrCidr(x) && !PROXY_KEYWORDS.includes(x));
        if (!list.length || bad.length) {
          ctx.addIssue({
            code: 'custom',
            message: `must be 0, a number of proxy hops, or a comma-separated list of proxy IPs/CIDRs (not ${bad.join(', ') || 'empty'})`,
          });
        }
        return list;
      }),
    RATE_LOGIN_PER_MAIL: positiveInt(10),
    RATE_LOGIN_PER_IP: positiveInt(100),
    RATE_REGISTER_PER_IP: positiveInt(20),
    RATE_RESET_PER_IP: positiveInt(20),
    RATE_WINDOW_SECONDS: positiveInt(15 * 60),
    BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
    /** Feed and search totals are counted exactly up to this many rows (docs/decisions.md). */
    FEED_COUNT_CAP: positiveInt(10_000),
    /** Addresses per sitemap file; past it /sitemap.xml is an index of files (the protocol allows 50,000). */
    SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(2).max(50_000).default(50_000),
    /**
     * How a search of the whole feed finds its matches: `auto` chooses per query from the words'
     * statistics (docs/decisions.md, "Search at a million tales"); `index` always takes them from
     * the text index, `feed` always walks the feed (for comparing, not for production).
     */
    SEARCH_STRATEGY: z.enum(['auto', 'index', 'feed']).default('auto'),
    /**
     * Where a search of the whole feed (and the map's) finds its matches: `database` (the text
     * index, SEARCH_STRATEGY) or `memory`, an index of every listed tale's words in each server's
     * memory, read at start and kept up to date by the writes' events (docs/decisions.md).
     */
    SEARCH_ENGINE: z.enum(['database', 'memory']).default('database'),
    /**
     * With SEARCH_ENGINE=memory, about how much memory (MB) the rows of search pages may take while
     * kept between searches (the tales of one search are mostly those of the next); 0 keeps none.
     */
    SEARCH_ROWS_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(128),
    /** How long a feed page everyone sees alike is shared (its count ten times as long); 0 turns that off. */
    FEED_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /**
     * About how much memory (MB) the shared feed pages may take, and as much again the visitors'
     * answers made of them; past it the least used go. 0 keeps none.
     */
    FEED_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(16),
    /** How long this server keeps a resolved session (changes made here drop it at once); 0 turns that off. */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
    /** Addresses (IPs or CIDRs) the server-side HTTP tool may reach although private or loopback. */
    OUTBOUND_ALLOW: csv,
    OUTBOUND_TIMEOUT_MS: positiveInt(10_000),
    OUTBOUND_MAX_BYTES: positiveInt(1024 * 1024),
    OUTBOUND_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z.string().default('&copy; OpenStreetMap contributors'),
    MAP_SATELLITE_URL: z.string().default('https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'),
    MAP_LABELS_URL: z
      .string()
      .default('https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}'),
    MAP_SATELLITE_ATTRIBUTION: z.string().default('Tiles &copy; Esri'),
    FILE_MAX_BYTES: positiveInt(20 * 1024 * 1024),
    FILES_PER_REQUEST: positiveInt(10),
    FILES_PER_USER: positiveInt(500),
    /** Images wider or taller than this get a scaled copy for display; the original stays. */
    IMAGE_DISPLAY_MAX: positiveInt(1600),
    IMAGE_THUMB_SIZE: positiveInt(320),
    EMBLEM_SIZE: positiveInt(256),
    /** How often each server sweeps what crashed uploads left (old temporary files, objects without rows). */
    FILE_SWEEP_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(24 * 60 * 60 * 1000)
      .default(5 * 60 * 1000),
    /** How often each server looks for an archive of someone's data to make (and for expired ones to remove). */
    EXPORT_POLL_MS: z.coerce
      .number()
      .int()
      .min(50)
      .max(60 * 60 * 1000)
      .default(5_000),
    /** How long a made archive stays downloadable. */
    EXPORT_KEEP_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(90 * 24)
      .default(7 * 24),
    /** An archive larger than this (bytes) is announced by mail too, with a link to where it is downloaded. */
    EXPORT_MAIL_ABOVE_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(10 * 1024 * 1024),
    /** Where uploaded files live: `local` (under DATA_DIR/files) or an S3-compatible store. */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().default(''),
    S3_REGION: z.string().default('us-east-1'),
    /** A custom endpoint for S3-compatible stores (MinIO, Ceph, R2 ...); empty means AWS. */
    S3_ENDPOINT: urlOrEmpty(['http:', 'https:']),
    S3_ACCESS_KEY_ID: z.string().default(''),
    S3_SECRET_ACCESS_KEY: z.string().default(''),
    S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
    /** A key prefix inside the bucket, e.g. `tales/`. */
    S3_PREFIX: z
      .string()
      .default('')
      .refine((s) => s === '' || /^[A-Za-z0-9._/-]+\/$/.test(s), 'must be empty or end with / (letters, digits, . _ - /)'),
  })
  .superRefine((c, ctx) => {
    if (c.PROCESSES > 1 && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PROCESSES'],
        message: 'more than one process needs DATABASE_URL: the embedded database opens in one process only',
      });
    }
    if (c.PROCESSES > 1 && !c.REDIS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PROCESSES'],
        message: 'more than one process needs REDIS_URL: without it each process keeps its own rate limits',
      });
    }
    if (c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER is s3' });
    }
    if ((c.S3_ACCESS_KEY_ID === '') !== (c.S3_SECRET_ACCESS_KEY === '')) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
  });

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string; webDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(ConfigSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') picked[key] = v;
  }
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    webDir: path.resolve(env.WEB_DIR ?? 'dist/web'),
    ...overrides,
  };
}
