import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { MSG, danger } from '../../common/messages';
import { GUEST } from '../../common/models/user';
import type { Envelope } from '../../common/schemas/envelope';

/** As Fastify sets on a server of its own: longer than a load balancer's idle keep-alive. */
const KEEP_ALIVE_MS = 72_000;
/** What a client is told to wait before it asks again. */
const RETRY_AFTER_S = '5';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The server's socket from its first moment, before the database has opened (an embedded one
 * can take seconds over a large data directory): /healthz answers 503 `starting`, an API call 503
 * with the envelope and a message, a page a short "starting" page that reloads itself, each with
 * Retry-After. Once the app is ready (`open`) every request goes to it on the same socket, so a
 * load balancer or a browser is told to wait, never refused.
 */
export interface StartingServer {
  /** Give to Fastify (buildApp's `serverFactory`): the app answers on this server once `open` is called. */
  serverFactory: FastifyServerFactory;
  listen(port: number, host: string): Promise<void>;
  /** The app is ready: from now on it answers everything. */
  open(): void;
  /** Stops taking connections; resolves once the last one ended. */
  close(): Promise<void>;
  readonly server: http.Server;
}

export function startingServer(apiPrefix: string): StartingServer {
  let app: Handler | undefined;
  let open = false;
  const server = http.createServer((req, res) => (open && app ? app(req, res) : answerStarting(req, res, apiPrefix)));
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  const closed = new Promise<void>((resolve) => server.once('close', resolve));
  return {
    server,
    serverFactory: (handler) => {
      app = handler;
      return server;
    },
    listen: (port, host) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    open() {
      if (!app) throw new Error('the app was not built on this server (pass serverFactory to buildApp)');
      open = true;
    },
    async close() {
      if (!server.listening) return;
      server.close();
      await closed;
    },
  };
}

function answerStarting(req: IncomingMessage, res: ServerResponse, apiPrefix: string) {
  const url = req.url ?? '/';
  const path = url.split('?')[0];
  res.setHeader('retry-after', RETRY_AFTER_S);
  res.setHeader('cache-control', 'no-store');
  // the request's body (if any) is not read: the connection closes after the answer
  res.setHeader('connection', 'close');
  if (path === '/healthz')
    return send(res, 'application/json; charset=utf-8', JSON.stringify({ status: 'starting', down: [], streams: 0 }));
  if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) {
    const body: Envelope = {
      meta: { alina_response_success: 0 },
      data: null,
      messages: [danger(MSG.starting)],
      CurrentUser: GUEST,
    };
    return send(res, 'application/json; charset=utf-8', JSON.stringify(body));
  }
  send(
    res,
    'text/html; charset=utf-8',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${RETRY_AFTER_S}"><title>Tales</title></head><body><p>${MSG.starting}</p></body></html>`,
  );
}

function send(res: ServerResponse, type: string, body: string) {
  res.statusCode = 503;
  res.setHeader('content-type', type);
  res.setHeader('x-content-type-options', 'nosniff');
  res.end(body);
}
