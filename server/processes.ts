import cluster, { type Worker } from 'node:cluster';

/**
 * PROCESSES > 1: this process only keeps the app's processes running (node:cluster). Each of them
 * is a whole server (main.ts) on the same port: this process accepts the connections and hands
 * them to the processes in turn (Node's round robin); they share what several machines share
 * (PostgreSQL, Redis, the event relay). A process listens only once its app is ready, so the
 * others take every connection while one starts.
 *
 * - A process that exits while the others serve is started again, after 1 s, doubling up to 30 s
 *   while new ones keep dying within a minute (a crash loop does not spin).
 * - Until one process has become ready, one that dies stops everything with its exit code, as a
 *   single process that cannot start does (a port in use, the database unreachable).
 * - SIGTERM, SIGINT or SIGHUP: each process is sent SIGTERM and stops as one alone would (drain,
 *   finish requests in flight, close the database; one still starting stops as soon as it can),
 *   and this one exits when they all have: 0 when they all stopped cleanly (one that died earlier
 *   and was replaced does not count). A second signal, or the stop taking longer than
 *   `stopTimeoutMs`, ends every process at once, exit code 1.
 * - If this process dies, the app's processes end with it (node:cluster's channel closes).
 */

interface Log {
  info(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

export interface ProcessesOptions {
  stopTimeoutMs: number;
  restartMs?: number;
  maxRestartMs?: number;
  stableMs?: number;
}

export function runProcesses(count: number, log: Log, options: ProcessesOptions): void {
  const restartMs = options.restartMs ?? 1_000;
  const maxRestartMs = options.maxRestartMs ?? 30_000;
  const stableMs = options.stableMs ?? 60_000;
  let ready = false;
  let stopping = false;
  let failed = false;
  let delay = restartMs;
  const started = new Map<Worker, number>();

  const killAll = () => {
    for (const w of started.keys()) w.process.kill('SIGKILL');
  };
  const start = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    // main.ts listens once its app is ready
    worker.once('listening', () => {
      ready = true;
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? Date.now();
    started.delete(worker);
    const who = worker.process.pid;
    if (stopping) {
      // SIGTERM's own default: a process stopped before it could listen for the signal
      if (code !== 0 && signal !== 'SIGTERM') failed = true;
      if (started.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!ready) {
      log.error({ worker: who, code, signal }, 'an app process ended before serving: stopping');
      stopping = true;
      killAll();
      process.exit(code || 1);
    }
    delay = Date.now() - since >= stableMs ? restartMs : delay;
    log.error({ worker: who, code, signal, restartInMs: delay }, 'an app process ended: starting another');
    // not unref'd: with every process down, this timer is what keeps this one waiting for the next
    setTimeout(() => {
      if (!stopping) start();
    }, delay);
    delay = Math.min(maxRestartMs, delay * 2);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.error({ signal }, `second ${signal}: ending every process now`);
      killAll();
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, processes: started.size }, 'stopping the app processes');
    if (started.size === 0) process.exit(0);
    // each process stops on the first of its own signals (a terminal's Ctrl-C reaches them all too)
    for (const w of started.keys()) w.process.kill('SIGTERM');
    setTimeout(() => {
      log.error({ processes: started.size, stopTimeoutMs: options.stopTimeoutMs }, 'the app processes did not stop in time: ending them');
      killAll();
      process.exit(1);
    }, options.stopTimeoutMs).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('SIGHUP', stop);

  for (let i = 0; i < count; i++) start();
  log.info({ processes: count }, 'app processes started');
}
