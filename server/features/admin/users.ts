import { desc, ilike, or, sql } from 'drizzle-orm';
import type { AdminUser } from '../../../common/schemas/admin';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { findUser, setBan, setRole } from '../auth/service';

const roleList = sql<string[]>`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = ${users.id}), '{}')`;

function present(u: {
  id: number;
  mail: string;
  firstname: string;
  lastname: string;
  emblem: string;
  created_at: number;
  last_time: number | null;
  banned_till: number | null;
  roles: string[];
}): AdminUser {
  const { roles, ...rest } = u;
  return { ...rest, rbac_user_role: (roles ?? []).map((name) => ({ name })) };
}

/** Users newest first, searched by mail and names. */
export async function listUsers(
  deps: Deps,
  pageSize: number,
  page: number | 'last',
  txt?: string,
): Promise<{ items: AdminUser[]; pagination: Pagination }> {
  const q = txt?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = like ? or(ilike(users.mail, like), ilike(users.firstname, like), ilike(users.lastname, like)) : undefined;
  const [{ n }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const pagination = paginate(page, pageSize, n);
  const rows = await deps.db
    .select({
      id: users.id,
      mail: users.mail,
      firstname: users.firstname,
      lastname: users.lastname,
      emblem: users.emblem,
      created_at: users.created_at,
      last_time: users.last_time,
      banned_till: users.banned_till,
      roles: roleList,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.created_at), desc(users.id))
    .limit(pageSize)
    .offset((pagination.pageCurrentNumber - 1) * pageSize);
  return { items: rows.map(present), pagination };
}

async function one(deps: Deps, id: number): Promise<AdminUser> {
  const found = await findUser(deps.db, id);
  if (!found) throw notFound();
  const u = found.user;
  return present({
    id: u.id,
    mail: u.mail,
    firstname: u.firstname,
    lastname: u.lastname,
    emblem: u.emblem,
    created_at: u.created_at,
    last_time: u.last_time,
    banned_till: u.banned_till,
    roles: found.roles,
  });
}

export async function changeRole(deps: Deps, id: number, role: string, on: boolean): Promise<AdminUser> {
  await one(deps, id);
  await setRole(deps, id, role, on);
  return one(deps, id);
}

export async function changeBan(deps: Deps, id: number, until: number | null): Promise<AdminUser> {
  await one(deps, id);
  await setBan(deps, id, until);
  return one(deps, id);
}
