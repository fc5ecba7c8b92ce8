import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Lets the server close without waiting for connections that never sent a request. Node's close
 * ends idle keep-alive connections, but not one a client opened and has not used yet (browsers and
 * HTTP clients open such spares): the server would wait up to its headers timeout (a minute) for
 * it, and a rolling restart with it. When the server starts closing, those are ended; connections
 * with a request under way finish it.
 */
export function closeUnusedConnections(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request) => unused.delete(request.socket));
  app.addHook('preClose', async () => {
    // after this hook, Fastify closes the server: nothing new comes in
    setImmediate(() => {
      for (const socket of unused) socket.destroy();
    });
  });
}
