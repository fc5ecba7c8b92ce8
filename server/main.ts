import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { startingServer } from './http/starting';
import { missingNodeFlags } from './node-flags';
import { runProcesses } from './processes';

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
    const log = pino({ level: config.LOG_LEVEL, enabled: config.LOG_LEVEL !== 'silent' });
    // the app's processes run with the server's Node flags, whatever this one was started with
    cluster.setupPrimary({ execArgv: [...process.execArgv, ...missingNodeFlags()] });
    // a little longer than each process's own graceful close (below)
    runProcesses(config.PROCESSES, log, { stopTimeoutMs: config.SHUTDOWN_DRAIN_MS + 15_000 });
    return;
  }
  // One of several processes stops on the first of SIGTERM (from the first process, or systemd's
  // stop) and SIGINT (a terminal's Ctrl-C reaches every process), once, also while it starts.
  const worker = cluster.isWorker;
  let stopAsked: NodeJS.Signals | undefined;
  let stopNow: (() => void) | undefined;
  if (worker) {
    const ask = (signal: NodeJS.Signals) => {
      if (stopAsked) return;
      stopAsked = signal;
      stopNow?.();
    };
    process.on('SIGTERM', ask);
    process.on('SIGINT', ask);
  }
  // Alone, the socket answers from the first moment: /healthz says 503 "starting" while the
  // database opens (an embedded one over a large data directory takes seconds), then the app
  // takes over. One of several listens only once its app is ready: meanwhile the others serve.
  const starting = startingServer(config.API_PREFIX);
  if (!worker) await starting.listen(config.PORT, config.HOST);
  const { app, database, drain } = await buildApp(config, { serverFactory: starting.serverFactory });
  // On close: stop taking connections and wait for the requests in flight before the database
  // closes (Fastify does not close a server it did not listen on itself).
  app.addHook('preClose', async () => {
    await starting.close();
  });
  // On SIGTERM/SIGINT: behind a load balancer, first say "draining" on /healthz while still
  // answering (SHUTDOWN_DRAIN_MS), so no request arrives as the server stops accepting; then stop
  // accepting, finish requests in flight, end the live streams and close the database.
  let closing = false;
  const grace = closeWithGrace(
    { delay: config.SHUTDOWN_DRAIN_MS + 10_000, skip: worker ? ['SIGINT', 'SIGTERM'] : [] },
    async ({ signal, err }) => {
      closing = true;
      if (err) app.log.error({ err }, 'closing after an error');
      else app.log.info({ signal: signal ?? stopAsked, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
      if (!err && config.SHUTDOWN_DRAIN_MS > 0) {
        drain();
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      }
      await app.close();
    },
  );
  if (worker) {
    stopNow = () => {
      if (!closing) grace.close();
    };
    if (stopAsked) return stopNow();
  }
  await app.ready();
  if (worker) {
    if (stopAsked) return;
    await starting.listen(config.PORT, config.HOST);
  }
  starting.open();
  const address = starting.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  app.log.info(`Server listening at http://${host}:${port}`);
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'Tales is up');
  const missing = missingNodeFlags();
  if (missing.length) {
    app.log.warn(
      { missing },
      'started without the Node flags the server is tuned for: a third fewer fresh searches a second (npm run serve passes them; docs/deploy.md)',
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
