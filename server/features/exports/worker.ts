import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { fullName } from '../../../common/models/user';
import { queryRows } from '../../db/client';
import { dataExports } from '../../db/schema';
import { nowSeconds } from '../../db/time';
import type { Deps } from '../../deps';
import { findUser } from '../auth/service';
import { tempDirOf } from '../files/intake';
import { abandonPuts, journalPuts, settlePuts, sweepJournal } from '../files/journal';
import { writeArchive } from './archive';

/** A claimed archive whose server has not written for this long is taken over (that server died). */
export const STALE_SECONDS = 60;
/** How often a server making an archive says how far it has come (between items). */
const PROGRESS_MS = 1_000;
/** How often it says it is alive in any case, also while one large file is packed or the archive stored. */
const HEARTBEAT_MS = 10_000;
/** The database's clock, the same for every server (a server's own may be off). */
const dbNow = sql`floor(extract(epoch from now()))::bigint`;

export interface ExportWorker {
  /** Looks for work now (an archive was just asked for on this server). */
  kick(): void;
  /** Stops looking, and waits for an archive under way to finish or be given up. */
  stop(): Promise<void>;
}

type Claimed = { id: number; user_id: number; requested_by: number | null; site_base: string; run_token: string };

/** The claim was lost (the row went with its user, or another server took it over): stop without a trace. */
class Superseded extends Error {}
/** This server is stopping: the archive goes back to the queue for the next server (or start). */
class Stopping extends Error {}

/**
 * Makes the archives users and admins ask for, one at a time on each server, on start, on a kick
 * and every EXPORT_POLL_MS. An archive is claimed in the database (FOR UPDATE SKIP LOCKED), so
 * several servers share the queue and never make one twice; one whose server stopped saying it is
 * alive for STALE_SECONDS is taken over and made again from the start. The archive is built under
 * the uploads' temporary folder (removed in every case; a crash's leftovers are swept with the
 * uploads'), then stored under the journal of stored objects (files/journal.ts): a crash between
 * storing it and recording it leaves no orphan. Ready archives past EXPORT_KEEP_HOURS are deleted,
 * their objects with them (a trigger journals each, migration 0012).
 */
export function startExportWorker(deps: Deps): ExportWorker {
  const { config, log, db } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const claim = async (): Promise<Claimed | undefined> => {
    const token = randomBytes(12).toString('hex');
    const rows = await queryRows<Claimed>(
      db,
      sql`update data_exports set status = 'running', run_token = ${token}, started_at = ${dbNow}, heartbeat_at = ${dbNow}, done = 0
        where id = (
          select id from data_exports
          where status = 'queued' or (status = 'running' and heartbeat_at < ${dbNow} - ${STALE_SECONDS}::int)
          order by id limit 1 for update skip locked)
        returning id, user_id, requested_by, site_base, run_token`,
    );
    return rows[0];
  };

  /** Records progress under the claim; false when the claim is gone. */
  const beat = async (job: Claimed, done: number, total: number): Promise<boolean> => {
    const rows = await db
      .update(dataExports)
      .set({ done, total, heartbeat_at: dbNow })
      .where(and(eq(dataExports.id, job.id), eq(dataExports.run_token, job.run_token), eq(dataExports.status, 'running')))
      .returning({ id: dataExports.id });
    return rows.length > 0;
  };

  const make = async (job: Claimed) => {
    const key = `export-${job.id}-${randomBytes(10).toString('hex')}.zip`;
    let work: string | null = null;
    const progress = { done: 0, total: 0 };
    let lost = false;
    // alive while anything takes long (one large file, storing the archive); a lost claim stops the work at the next item
    const heartbeat = setInterval(() => {
      beat(job, progress.done, progress.total)
        .then((alive) => {
          if (!alive) lost = true;
        })
        .catch((err) => log.warn({ err, exportId: job.id }, 'an archive’s heartbeat could not be written'));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      // under the uploads' temporary folder (made here if no upload made it yet), so the sweeper finds a crash's leftovers
      await fsp.mkdir(tempDirOf(config.dataDir), { recursive: true });
      work = await fsp.mkdtemp(path.join(tempDirOf(config.dataDir), 'export-'));
      let last = 0;
      const zipPath = path.join(work, 'archive.zip');
      const size = await writeArchive(deps, job, work, zipPath, async (done, total) => {
        progress.done = done;
        progress.total = total;
        if (stopped) throw new Stopping();
        if (lost) throw new Superseded();
        if (Date.now() - last < PROGRESS_MS && done < total) return;
        last = Date.now();
        if (!(await beat(job, done, total))) throw new Superseded();
      });
      await journalPuts(db, [{ key, name_fs: key }]);
      let ready: { user_id: number; size: number | null; expires_at: number | null } | undefined;
      try {
        await deps.storage.put(key, zipPath, 'application/zip');
        // stored: the working copy goes now, before anyone is told the archive is ready
        await fsp.rm(work, { recursive: true, force: true });
        work = null;
        ready = await db.transaction(async (tx) => {
          await settlePuts(tx, [key]);
          const now = nowSeconds();
          const [row] = await tx
            .update(dataExports)
            .set({
              status: 'ready',
              object_key: key,
              size,
              done: sql`${dataExports.total}`,
              finished_at: now,
              heartbeat_at: now,
              expires_at: now + config.EXPORT_KEEP_HOURS * 3600,
            })
            .where(and(eq(dataExports.id, job.id), eq(dataExports.run_token, job.run_token), eq(dataExports.status, 'running')))
            .returning({ user_id: dataExports.user_id, size: dataExports.size, expires_at: dataExports.expires_at });
          if (!row) throw new Superseded();
          // the newest archive replaces the older ones of the same user (their objects are journaled by the trigger)
          await tx
            .delete(dataExports)
            .where(
              and(
                eq(dataExports.user_id, job.user_id),
                sql`${dataExports.id} < ${job.id}`,
                inArray(dataExports.status, ['ready', 'failed']),
              ),
            );
          return row;
        });
      } catch (e) {
        await abandonPuts(db, deps.storage, log, [key]);
        throw e;
      }
      await sweepJournal(db, deps.storage, 5, { deletes: true }).catch((err) =>
        log.warn({ err }, 'older archives are left to the sweeper'),
      );
      if (ready && (ready.size ?? 0) > config.EXPORT_MAIL_ABOVE_BYTES) await announce(job, ready.size ?? 0, ready.expires_at ?? 0);
      if (job.requested_by != null && job.requested_by !== job.user_id) await tellOwner(job);
      log.info({ exportId: job.id, userId: job.user_id, size }, 'an archive of a user’s data is ready');
    } catch (err) {
      if (err instanceof Superseded) {
        log.info({ exportId: job.id }, 'an archive was given up: its user is gone or another server took it over');
        return;
      }
      if (err instanceof Stopping) {
        await db
          .update(dataExports)
          .set({ status: 'queued', run_token: null, done: 0 })
          .where(and(eq(dataExports.id, job.id), eq(dataExports.run_token, job.run_token)))
          .catch((e) => log.warn({ err: e }, 'an archive left by a stopping server is taken over when stale'));
        return;
      }
      log.error({ err, exportId: job.id }, 'an archive of a user’s data could not be made');
      // the working copy goes before anyone is told it failed, as before "ready"
      if (work) {
        await fsp.rm(work, { recursive: true, force: true }).catch((e) => log.warn({ err: e }, 'a working copy is left to the sweeper'));
        work = null;
      }
      await db
        .update(dataExports)
        .set({ status: 'failed', error: String((err as Error)?.message ?? err).slice(0, 500), finished_at: nowSeconds() })
        .where(and(eq(dataExports.id, job.id), eq(dataExports.run_token, job.run_token)))
        .catch((e) => log.warn({ err: e }, 'the failed archive could not be marked; it will be taken over when stale'));
    } finally {
      clearInterval(heartbeat);
      if (work) await fsp.rm(work, { recursive: true, force: true });
    }
  };

  /** Mails whoever asked (the user, or the admin) where to download a large archive. */
  const announce = async (job: Claimed, size: number, expiresAt: number) => {
    const asker = await findUser(db, job.requested_by ?? job.user_id);
    const owner = job.requested_by === job.user_id || job.requested_by == null ? asker : await findUser(db, job.user_id);
    if (!asker || !owner) return;
    const link = `${job.site_base.replace(/\/+$/, '')}/auth/profile/${job.user_id}#data`;
    const mb = (size / (1024 * 1024)).toFixed(1);
    const until = new Date(expiresAt * 1000).toISOString().slice(0, 16).replace('T', ' ');
    const whose = owner.user.id === asker.user.id ? 'your data' : `the data of ${fullName(owner.user) || owner.user.mail}`;
    const whoseRu = owner.user.id === asker.user.id ? 'ваших данных' : `данных пользователя ${fullName(owner.user) || owner.user.mail}`;
    try {
      await deps.mailer.send({
        to: asker.user.mail,
        subject: 'Tales: your archive is ready',
        text: [
          `The archive of ${whose} on Tales is ready (${mb} MB).`,
          `Download it from ${link} (you will be asked to log in) until ${until} UTC.`,
          '',
          `Архив ${whoseRu} на Tales готов (${mb} МБ).`,
          `Скачайте его здесь: ${link} (понадобится войти) до ${until} UTC.`,
        ].join('\n'),
      });
      await db.update(dataExports).set({ mailed: 1 }).where(eq(dataExports.id, job.id));
    } catch (err) {
      log.warn({ err, exportId: job.id }, 'the mail announcing an archive could not be sent; it can still be downloaded');
    }
  };

  /** An admin took someone's data: the account's owner is told, whatever its size. */
  const tellOwner = async (job: Claimed) => {
    const owner = await findUser(db, job.user_id);
    if (!owner) return;
    try {
      await deps.mailer.send({
        to: owner.user.mail,
        subject: 'Tales: an administrator prepared an archive of your data',
        text: [
          'An administrator of Tales prepared an archive of your data (your profile, tales, comments, likes and files).',
          `You can prepare and download your own on your profile: ${job.site_base.replace(/\/+$/, '')}/auth/profile/${job.user_id}#data`,
          '',
          'Администратор Tales подготовил архив ваших данных (профиль, истории, комментарии, лайки и файлы).',
          'Свой архив можно подготовить и скачать в профиле по той же ссылке.',
        ].join('\n'),
      });
    } catch (err) {
      log.warn({ err, exportId: job.id }, 'the owner could not be told of an archive an admin prepared');
    }
  };

  /** Deletes archives past their time (and failed ones as old); the trigger journals their objects. */
  const expire = async () => {
    const gone = await db
      .delete(dataExports)
      .where(and(inArray(dataExports.status, ['ready', 'failed']), lte(dataExports.expires_at, nowSeconds())))
      .returning({ id: dataExports.id });
    const failed = await db
      .delete(dataExports)
      .where(and(eq(dataExports.status, 'failed'), lte(dataExports.finished_at, nowSeconds() - config.EXPORT_KEEP_HOURS * 3600)))
      .returning({ id: dataExports.id });
    if (gone.length + failed.length) await sweepJournal(db, deps.storage, 50, { deletes: true });
  };

  const pass = async () => {
    do {
      again = false;
      try {
        await expire();
      } catch (err) {
        log.warn({ err }, 'expired archives could not be removed now; the next pass tries again');
      }
      try {
        for (let job = stopped ? undefined : await claim(); job; job = stopped ? undefined : await claim()) await make(job);
      } catch (err) {
        log.warn({ err }, 'archives could not be looked for now; the next pass tries again');
      }
    } while (again && !stopped);
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
    });
  };

  run();
  const timer = setInterval(run, config.EXPORT_POLL_MS);
  timer.unref();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
