import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';

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
  const { app, database, drain } = await buildApp(config);
  // On SIGTERM/SIGINT: behind a load balancer, first say "draining" on /healthz while still
  // answering (SHUTDOWN_DRAIN_MS), so no request arrives as the server stops accepting; then stop
  // accepting, finish requests in flight, end the live streams and close the database.
  closeWithGrace({ delay: config.SHUTDOWN_DRAIN_MS + 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    if (!err && config.SHUTDOWN_DRAIN_MS > 0) {
      drain();
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    }
    await app.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'Tales is up');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
