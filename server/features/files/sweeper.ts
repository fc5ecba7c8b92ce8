import type { Deps } from '../../deps';
import { sweepTemporaryFiles } from './intake';
import { sweepJournal } from './journal';

export interface Sweeper {
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/**
 * Removes what uploads leave behind when a process dies, on start and every
 * FILE_SWEEP_INTERVAL_MS: old temporary folders under DATA_DIR/tmp/uploads, and stored objects
 * that the journal says have no row (journal.ts). The temporary folder is swept before this
 * answers, so a crashed run's leftovers are gone once the app is up; the journal is swept in the
 * background (the storage may be slow or down; the server starts regardless). Every server runs
 * one; they share the journal's work. The timer is unref'd and never keeps the process alive.
 */
export async function startSweeper(deps: Deps): Promise<Sweeper> {
  const { config, log } = deps;
  let running: Promise<void> | null = null;
  let stopped = false;

  const sweepTemp = async () => {
    try {
      const swept = await sweepTemporaryFiles(config.dataDir);
      if (swept) log.info({ swept }, 'removed temporary upload files left by a request that never finished');
    } catch (err) {
      log.warn({ err }, 'the temporary upload folder could not be swept');
    }
  };
  const sweepStored = async () => {
    try {
      const removed = await sweepJournal(deps.db, deps.storage);
      if (removed) log.info({ removed }, 'removed stored objects that no file row names');
    } catch (err) {
      log.warn({ err }, 'stored objects could not be swept now; the next sweep tries again');
    }
  };
  /** One sweep at a time on this server. */
  const run = (work: () => Promise<void>) => {
    if (stopped || running) return;
    running = work().finally(() => {
      running = null;
    });
  };

  // A tale or user deleted took file rows along (by cascade, journaled by a trigger): their stored
  // objects go as soon as that committed, before the request answers. A failure is left to the timer.
  // The server that made the delete does it; the others, told by the relay, leave it to that one.
  const unsubscribe = deps.events.subscribe(async (event, { remote }) => {
    if (remote || (event.type !== 'tale.deleted' && event.type !== 'user.deleted')) return;
    try {
      await sweepJournal(deps.db, deps.storage, 50, { deletes: true });
    } catch (err) {
      log.error({ err }, 'the stored objects of a delete could not be removed now; the sweeper will');
    }
  });

  await sweepTemp();
  run(sweepStored);
  const timer = setInterval(
    () =>
      run(async () => {
        await sweepTemp();
        await sweepStored();
      }),
    config.FILE_SWEEP_INTERVAL_MS,
  );
  timer.unref();

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      await running;
    },
  };
}
