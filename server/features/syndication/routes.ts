import { createHash } from 'node:crypto';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HASHTAG_RE } from '../../../common/models/tale';
import { type FeedFormat, feedFile, feedRoutes } from '../../../common/routes';
import { FeedQuery } from '../../../common/schemas/tale';
import { GUEST, IdParams } from '../../../common/schemas/user';
import type { Deps } from '../../deps';
import { notModified } from '../../http/conditional';
import { AppError } from '../../http/errors';
import { siteBaseOf } from '../../http/site-base';
import { firstAudioOf } from '../files/service';
import { getProfile } from '../profiles/service';
import { feed } from '../tales/service';
import { FEED_LANGS, type FeedLang, type FeedScope, writeFeed } from './feeds';
import { nameOrFallback } from '../../../common/models/user';
import { singleSitemap, sitemapHasPart, sitemapIndex, sitemapPart, sitemapParts } from './sitemap';

/** How many tales a feed carries: the newest, as the feed's first page shows them. */
export const FEED_ITEMS = 20;
/** How long a feed reader or a crawler may keep a feed or the sitemap before asking again. */
const FEED_MAX_AGE = 'public, max-age=300';

const FeedOptions = z.object({ txt: FeedQuery.shape.txt, lang: z.enum(FEED_LANGS).optional() });
/** A tag as a hashtag writes it (without the #), whole. */
const TAG_RE = new RegExp(`^${HASHTAG_RE.source}$`, 'u');

const TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};

function plain(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
}

/** The query's first problem, naming the field ("txt: Too big: expected string to have <=200 characters"). */
function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue.path.join('.') || 'query'}: ${issue.message}`;
}

/** The feed's language: ?lang= when given, else the reader's Accept-Language, else English. */
function languageOf(request: FastifyRequest, asked: FeedLang | undefined): FeedLang {
  if (asked) return asked;
  const header = request.headers['accept-language'];
  return (typeof header === 'string' && negotiate(header, FEED_LANGS)) || 'en';
}

/**
 * Feeds and the sitemap, outside the API: what feed readers and crawlers ask for by address. Every
 * tale in them comes through the tales feature's own feed (taleService.feed) as a visitor reads
 * it, so drafts, scheduled and members-only tales never reach them; tales for adults are left out
 * too, as nothing of them is shown to a visitor without asking.
 */
export function syndicationRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    const serveFeed = async (
      request: FastifyRequest,
      reply: FastifyReply,
      format: FeedFormat,
      scopeOf: (lang: FeedLang) => Promise<FeedScope | null>,
    ) => {
      const options = FeedOptions.safeParse(request.query ?? {});
      if (!options.success) return plain(reply, 400, problemOf(options.error));
      const lang = languageOf(request, options.data.lang);
      const txt = options.data.txt?.trim() ?? '';
      const scope = await scopeOf(lang);
      if (!scope) return plain(reply, 404, 'Not found');
      const search = scope.kind === 'tag' ? [`#${scope.tag}`, txt].filter(Boolean).join(' ') : txt;
      const { tales } = await feed(deps, GUEST, {
        page: 1,
        pageSize: FEED_ITEMS,
        txt: search || undefined,
        owner: scope.kind === 'author' ? scope.id : undefined,
      });
      const shown = tales.filter((t) => !t.is_adult_denied);
      const query = new URLSearchParams();
      if (txt) query.set('txt', txt);
      if (options.data.lang) query.set('lang', options.data.lang);
      const suffix = query.size ? `?${query}` : '';
      const path = (f: FeedFormat) =>
        `${scope.kind === 'author' ? feedRoutes.author(scope.id, f) : scope.kind === 'tag' ? feedRoutes.tag(scope.tag, f) : feedRoutes.site(f)}${suffix}`;
      const doc = writeFeed({
        format,
        lang,
        base: siteBaseOf(deps.config, request),
        scope,
        txt,
        self: { rss: path('rss'), atom: path('atom') },
        tales: shown,
        audio: await firstAudioOf(
          deps.db,
          shown.map((t) => t.id),
        ),
      });
      const etag = `"${createHash('sha256').update(doc.xml).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag).header('cache-control', FEED_MAX_AGE).header('vary', 'Accept-Language');
      // No Last-Modified: the newest tale's date moves back when that tale is deleted or hidden, and a
      // reader asking If-Modified-Since would be told nothing changed; the ETag is of the bytes.
      if (notModified(request, etag, null)) return reply.code(304).send();
      return reply.type(TYPES[format]).send(doc.xml);
    };

    const author = async (request: FastifyRequest<{ Params: { id: string } }>, lang: FeedLang): Promise<FeedScope | null> => {
      const params = IdParams.safeParse(request.params);
      if (!params.success) return null;
      try {
        const user = await getProfile(deps, GUEST, params.data.id);
        return { kind: 'author', id: user.id, name: nameOrFallback(user, user.id, lang) };
      } catch (e) {
        if (e instanceof AppError && e.status === 404) return null;
        throw e;
      }
    };
    const tag = async (request: FastifyRequest<{ Params: { tag: string } }>): Promise<FeedScope | null> => {
      const m = TAG_RE.exec(`#${request.params.tag}`);
      return m ? { kind: 'tag', tag: m[1] } : null;
    };

    for (const format of ['rss', 'atom'] as const) {
      app.get(feedRoutes.site(format), (request, reply) => serveFeed(request, reply, format, async () => ({ kind: 'site' })));
      app.get<{ Params: { id: string } }>(feedRoutes.author(':id', format), (request, reply) =>
        serveFeed(request, reply, format, (lang) => author(request, lang)),
      );
      app.get<{ Params: { tag: string } }>(`/tag/:tag/${feedFile(format)}`, (request, reply) =>
        serveFeed(request, reply, format, () => tag(request)),
      );
    }

    const perFile = deps.config.SITEMAP_URLS_PER_FILE;
    const xml = (reply: FastifyReply) => reply.type('application/xml; charset=utf-8').header('cache-control', FEED_MAX_AGE);
    app.get(feedRoutes.sitemap, async (request, reply) => {
      const base = siteBaseOf(deps.config, request);
      const parts = await sitemapParts(deps, perFile);
      return xml(reply).send(parts === 'single' ? await singleSitemap(deps, base, perFile) : sitemapIndex(base, parts));
    });
    app.get<{ Params: { file: string } }>('/sitemap/:file', async (request, reply) => {
      const m = /^tales-(0|[1-9]\d{0,8})\.xml$/.exec(request.params.file);
      const n = m ? Number(m[1]) : -1;
      if (n < 0 || !(await sitemapHasPart(deps, perFile, n))) return plain(reply, 404, 'Not found');
      return xml(reply).send(await sitemapPart(deps, siteBaseOf(deps.config, request), n, perFile));
    });
  };
}
