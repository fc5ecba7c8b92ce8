import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { withTaleMeta } from '../features/tales/og';
import { withSiteConfig } from './site-config';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Adds a name to the Vary header without dropping what other hooks (CORS) put there. */
function varyOn(reply: FastifyReply, name: string) {
  const now = String(reply.getHeader('vary') ?? '');
  const names = now
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) reply.header('vary', [...names, name].join(', '));
}

/**
 * The built web app (WEB_DIR): its files, and a page handler that answers every other page address
 * with index.html (with a tale's meta tags where the address shows one). Built assets carry a
 * content hash in their names and are cached for a year; the build writes .br and .gz copies of
 * text assets, sent by the browser's Accept-Encoding. Undefined when there is no build (API only,
 * as in most tests).
 */
export async function registerWebApp(app: FastifyInstance, deps: Deps) {
  const { config } = deps;
  const indexHtml = path.join(config.webDir, 'index.html');
  if (!fs.existsSync(indexHtml)) return undefined;

  await app.register(async (web) => {
    web.addHook('onSend', async (request, reply) => {
      // @fastify/static's own header would be "max-age=0"; ours says what each file may do.
      reply.header('cache-control', request.url.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      varyOn(reply, 'Accept-Encoding');
    });
    await web.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
    });
  });

  // Read once: every app route is served this page, with a tale's meta tags where it shows one.
  const indexPage = withSiteConfig(fs.readFileSync(indexHtml, 'utf8'), config);
  return {
    /** Built files are all under /assets/: a missing one (a chunk of an older build) is a 404, not the page. */
    isPage: (url: string) => !url.startsWith('/assets/'),
    page: async (request: FastifyRequest, reply: FastifyReply) => {
      const html = await withTaleMeta(deps, indexPage, request.url.split('?')[0], `${request.protocol}://${request.host}`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    },
  };
}
