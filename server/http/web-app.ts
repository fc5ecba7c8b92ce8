import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { FRAME_ANCESTORS } from './security-headers';
import { withSiteConfig } from './site-config';
import { siteBaseOf } from './site-base';
import { feedRoutes } from '../../common/routes';

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

/** Where admins' free code (a tale's body_free) runs; web/src/features/tale/components/SandboxedFrames.tsx frames it. */
export const FREE_CODE_PATH = '/free-code.html';

/**
 * The frame's own page. The app's CSP would forbid the free code's inline scripts (a srcdoc frame
 * inherits its parent's policy), so the code comes from the app page by message and is written
 * into this page, which has a policy of its own: a sandbox that allows scripts but not the site's
 * origin (as the frame's sandbox attribute says too), so the code reaches neither the app's
 * storage nor its session. Only the app page that frames it, of this site's origin, can give it
 * code; opened on its own it shows nothing.
 */
const FREE_CODE_PAGE = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <script>
      (function () {
        if (window.parent === window) return;
        var site = new URL(location.href).origin;
        window.addEventListener('message', function (event) {
          var data = event.data;
          if (event.source !== window.parent || event.origin !== site) return;
          if (!data || data.type !== 'tales:free-code' || typeof data.code !== 'string') return;
          document.open();
          document.write(data.code);
          document.close();
        });
        window.parent.postMessage({ type: 'tales:free-code-ready' }, '*');
      })();
    </script>
  </head>
  <body></body>
</html>
`;
export const FREE_CODE_POLICY = `sandbox allow-scripts; frame-ancestors ${FRAME_ANCESTORS.join(' ')}`;

/** What features add to the page of an address (path and query): a tale's title and meta tags, the feeds it offers. */
export type PageDecorator = (page: string, url: string, origin: string) => Promise<string>;

/**
 * The built web app (WEB_DIR): its files, and a page handler that answers every other page address
 * with index.html (with a tale's meta tags where the address shows one). Built assets carry a
 * content hash in their names and are cached for a year; the build writes .br and .gz copies of
 * text assets, sent by the browser's Accept-Encoding. Undefined when there is no build (API only,
 * as in most tests); the free-code page is served either way.
 */
export async function registerWebApp(app: FastifyInstance, deps: Deps, decorate: PageDecorator) {
  const { config } = deps;
  app.get(FREE_CODE_PATH, async (_request, reply) =>
    reply
      .header('content-security-policy', FREE_CODE_POLICY)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(FREE_CODE_PAGE),
  );
  // Crawlers read the pages; the API and a reader's own notifications are not for them.
  // ($ ends a rule: a tale's alias may begin with "notification")
  const robots = ['User-agent: *', `Disallow: ${config.API_PREFIX}/`, 'Disallow: /notification$', 'Disallow: /notification?'].join('\n');
  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(`${robots}\n\nSitemap: ${siteBaseOf(config, request)}${feedRoutes.sitemap}\n`),
  );
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
      const html = await decorate(indexPage, request.url, `${request.protocol}://${request.host}`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    },
  };
}
