import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { startingServer } from './http/starting';
import { runProcesses, STOP_MESSAGE } from './processes';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  // PROCESSES > 1: this process keeps that many servers running on the port (processes.ts)
  if (config.PROCESSES > 1 && cluster.isPrimary) {
    runProcesses(config.PROCESSES, pino({ level: config.LOG_LEVEL, enabled: config.LOG_LEVEL !== 'silent' }));
    return;
  }
  // The socket answers from the first moment: /healthz says 503 "starting" while the database
  // opens (an embedded one over a large data directory takes seconds), then the app takes over.
  const starting = startingServer(config.API_PREFIX);
  await starting.listen(config.PORT, config.HOST);
  const { app, database, drain } = await buildApp(config, { serverFactory: starting.serverFactory });
  // On close: stop taking connections and wait for the requests in flight before the database
  // closes (Fastify does not close a server it did not listen on itself).
  app.addHook('preClose', async () => {
    await starting.close();
  });
  // On SIGTERM/SIGINT: behind a load balancer, first say "draining" on /healthz while still
  // answering (SHUTDOWN_DRAIN_MS), so no request arrives as the server stops accepting; then stop
  // accepting, finish requests in flight, end the live streams and close the database.
  // One of several processes is told to stop by the first (processes.ts), and may also get the signal
  // itself (a terminal's Ctrl-C, systemd's stop): whichever comes first stops it, once.
  const worker = cluster.isWorker;
  const grace = closeWithGrace(
    { delay: config.SHUTDOWN_DRAIN_MS + 10_000, skip: worker ? ['SIGINT', 'SIGTERM'] : [] },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'closing after an error');
      else app.log.info({ signal: signal ?? 'SIGTERM', drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
      if (!err && config.SHUTDOWN_DRAIN_MS > 0) {
        drain();
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      }
      await app.close();
    },
  );
  if (worker) {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      grace.close();
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    process.on('message', (m) => {
      if (m === STOP_MESSAGE) stop();
    });
  }
  await app.ready();
  starting.open();
  const address = starting.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  app.log.info(`Server listening at http://${host}:${port}`);
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'Tales is up');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
