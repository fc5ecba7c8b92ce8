import { and, desc, eq, gt } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { isLoggedIn } from '../../../common/abilities';
import { MSG } from '../../../common/messages';
import { policies } from '../../../common/policies';
import type { DataExport, ExportStatus } from '../../../common/schemas/export';
import type { CurrentUser } from '../../../common/schemas/user';
import { dataExports } from '../../db/schema';
import { nowSeconds } from '../../db/time';
import type { Deps } from '../../deps';
import { authorize, fail, notFound } from '../../http/errors';
import { findUser } from '../auth/service';

type Row = typeof dataExports.$inferSelect;

function present(row: Row): DataExport {
  return {
    id: row.id,
    user_id: row.user_id,
    requested_by: row.requested_by,
    status: row.status as ExportStatus,
    done: row.done,
    total: row.total,
    size: row.size,
    created_at: row.created_at,
    finished_at: row.finished_at,
    expires_at: row.expires_at,
    mailed: row.mailed,
  };
}

/** The caller may have this user's data: the user or an admin; a visitor is asked to log in, an unknown user is not found. */
async function authorise(deps: Deps, caller: CurrentUser, userId: number) {
  if (!isLoggedIn(caller)) throw fail(401, MSG.loginFirst);
  if (!(await findUser(deps.db, userId))) throw notFound();
  authorize(policies.exportData(caller, userId));
}

const latest = async (deps: Deps, userId: number): Promise<Row | undefined> =>
  (await deps.db.select().from(dataExports).where(eq(dataExports.user_id, userId)).orderBy(desc(dataExports.id)).limit(1))[0];

/** The newest archive of a user (made, being made or failed), or null. */
export async function latestExport(deps: Deps, caller: CurrentUser, userId: number): Promise<DataExport | null> {
  await authorise(deps, caller, userId);
  const row = await latest(deps, userId);
  return row ? present(row) : null;
}

/**
 * Asks for an archive of a user's data, or answers the one already being made: however many ask at
 * once, one is made (data_exports_active_uq). `siteBase` is the site's address as this request
 * names it, for the mail.
 */
export async function requestExport(deps: Deps, caller: CurrentUser, userId: number, siteBase: string): Promise<DataExport> {
  await authorise(deps, caller, userId);
  await deps.db.insert(dataExports).values({ user_id: userId, requested_by: caller.id, site_base: siteBase }).onConflictDoNothing();
  const row = await latest(deps, userId);
  if (!row) throw notFound();
  return present(row);
}

/** A ready archive's bytes and what to call it; not found once it expired, or for another user's id. */
export async function openExport(
  deps: Deps,
  caller: CurrentUser,
  userId: number,
  exportId: number,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  await authorise(deps, caller, userId);
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, exportId),
        eq(dataExports.user_id, userId),
        eq(dataExports.status, 'ready'),
        gt(dataExports.expires_at, nowSeconds()),
      ),
    )
    .limit(1);
  if (!row?.object_key) throw notFound();
  const stream = await deps.storage.read(row.object_key);
  if (!stream) throw notFound();
  const day = new Date((row.finished_at ?? row.created_at) * 1000).toISOString().slice(0, 10);
  return { stream, size: row.size ?? 0, fileName: `tales-data-${userId}-${day}.zip` };
}
