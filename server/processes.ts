import cluster, { type Worker } from 'node:cluster';

/**
 * PROCESSES > 1: this process only keeps the app's processes running (node:cluster). Each of them
 * is a whole server (main.ts) listening on the same port, which the kernel's connections are dealt
 * round robin to; they share what several machines share (PostgreSQL, Redis, the event relay).
 *
 * - A process that exits while the others serve is started again, after 1 s, doubling up to 30 s
 *   while new ones keep dying within a minute (a crash loop does not spin).
 * - Until the first process listens, one that dies stops everything with its exit code, as a
 *   single process that cannot start does (a port in use, say).
 * - SIGTERM or SIGINT: each process is asked to stop as one alone would on SIGTERM (drain, finish
 *   requests in flight, close the database), and this one exits when they all have: 0 when they
 *   all stopped cleanly (one that died earlier and was replaced does not count). A second signal ends everything at once, exit code 1.
 * - If this process dies, the app's processes end with it (node:cluster's channel closes).
 */
export const STOP_MESSAGE = 'tales:stop';

interface Log {
  info(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

export function runProcesses(
  count: number,
  log: Log,
  options: { restartMs?: number; maxRestartMs?: number; stableMs?: number } = {},
): void {
  const restartMs = options.restartMs ?? 1_000;
  const maxRestartMs = options.maxRestartMs ?? 30_000;
  const stableMs = options.stableMs ?? 60_000;
  let listened = false;
  let stopping = false;
  let failed = false;
  let delay = restartMs;
  const started = new Map<Worker, number>();

  const start = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    worker.once('listening', () => {
      listened = true;
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? Date.now();
    started.delete(worker);
    if (stopping) {
      if (code !== 0 || signal) failed = true;
      if (started.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!listened) {
      log.error({ pid: worker.process.pid, code, signal }, 'an app process ended before serving: stopping');
      stopping = true;
      for (const w of started.keys()) w.process.kill('SIGKILL');
      process.exit(code || 1);
    }
    delay = Date.now() - since >= stableMs ? restartMs : delay;
    log.error({ pid: worker.process.pid, code, signal, restartInMs: delay }, 'an app process ended: starting another');
    // not unref'd: with every process down, this timer is what keeps this one waiting for the next
    setTimeout(() => {
      if (!stopping) start();
    }, delay);
    delay = Math.min(maxRestartMs, delay * 2);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.error({ signal }, `second ${signal}: ending every process now`);
      for (const w of started.keys()) w.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, processes: started.size }, 'stopping the app processes');
    if (started.size === 0) process.exit(0);
    // by message, not a signal: a terminal's Ctrl-C has already sent SIGINT to every process of the group
    for (const w of started.keys()) {
      if (w.isConnected()) w.send(STOP_MESSAGE);
      else w.process.kill('SIGTERM');
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  for (let i = 0; i < count; i++) start();
  log.info({ processes: count }, 'app processes started');
}
