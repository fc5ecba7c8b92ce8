import { randomInt } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { isLoggedIn } from '../../../common/abilities';
import { policies } from '../../../common/policies';
import {
  FRESH_SESSION_SECONDS,
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_TRIES,
  RESET_CODE_TTL_SECONDS,
  RESET_RESEND_SECONDS,
  ROLE_ADMIN,
} from '../../../common/constants';
import { MSG, danger } from '../../../common/messages';
import type {
  ChangePasswordBody,
  CurrentUser,
  DeletionSummary,
  LoginBody,
  RegisterBody,
  ResetRequestBody,
  ResetWithCodeBody,
} from '../../../common/schemas/user';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/faults';
import { LOCK, advisoryLock } from '../../db/locks';
import { nowSeconds } from '../../db/time';
import { passwordResets, userRoles, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, authorize, banned, fail, invalid, notFound, tooMany } from '../../http/errors';
import type { ClientMeta } from '../../http/route';
import { MAX_LISTS_PER_EVENT, transact } from '../../events';
import { fileCountsOf, storedBy, talesWithFilesOf } from '../files/service';
import { likeCountsOf, likesGivenBy, talesLikedBy } from '../likes/service';
import { lockTales, postsAndTagsOf, recountThreads, setAttachmentCounts, threadsCommentedBy, writtenBy } from '../tales/queries';
import { listsOfPost } from '../tales/positions';
import { hashPassword, isCommonPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import { type SessionInfo, type UserRow, createSession, endUserSessions } from './sessions';

export interface LoggedIn {
  user: UserRow;
  roles: string[];
  session: SessionInfo;
}

async function rolesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, userId));
  return rows.map((r) => r.role).sort();
}

async function findByMail(db: Db, mail: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.mail, mail.toLowerCase())).limit(1);
  return u;
}

export async function findUser(db: Db, id: number): Promise<{ user: UserRow; roles: string[] } | null> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u ? { user: u, roles: await rolesOf(db, id) } : null;
}

/**
 * Counts one attempt in `key`'s window before the attempt is made, and refuses it when that makes
 * more than `limit`. The count is one atomic increment in the limiter (Redis INCR, or one step of
 * the event loop in memory), so however many attempts arrive at once, at most `limit` of them in a
 * window get past this line. (Checking the count first and adding to it after the password was
 * verified let every attempt that arrived before the first failure was counted be verified.)
 */
async function reserveAttempt(deps: Deps, key: string, limit: number) {
  const { count, resetIn } = await deps.limiter.hit(key, deps.config.RATE_WINDOW_SECONDS);
  if (count > limit) throw tooMany(resetIn);
}

export async function register(deps: Deps, body: RegisterBody, meta: ClientMeta): Promise<LoggedIn> {
  await reserveAttempt(deps, `register:ip:${meta.ip}`, deps.config.RATE_REGISTER_PER_IP);
  if (isCommonPassword(body.password)) throw invalid(danger(MSG.passwordTooCommon));
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.db.transaction(async (tx) => {
      // Serialises first sign-ups, so exactly one first account becomes admin.
      await advisoryLock(tx, LOCK.firstAccount());
      const [anyone] = await tx.select({ id: users.id }).from(users).limit(1);
      const [user] = await tx
        .insert(users)
        .values({ mail: body.mail, password_hash: passwordHash, language: body.language ?? '', firstname: body.firstname ?? '' })
        .returning();
      const roles: string[] = [];
      if (!anyone) {
        await tx.insert(userRoles).values({ user_id: user.id, role: ROLE_ADMIN });
        roles.push(ROLE_ADMIN);
      }
      const session = await createSession(tx, user.id, { ...meta, ttlDays: deps.config.SESSION_TTL_DAYS });
      return { user: { ...user, last_time: session.createdAt }, roles, session };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw invalid(danger(MSG.mailTaken));
    throw e;
  }
}

export async function login(deps: Deps, body: LoginBody, meta: ClientMeta): Promise<LoggedIn> {
  const mailKey = `login:mail:${body.mail}`;
  const ipKey = `login:ip:${meta.ip}`;
  // The address first: a client over its own limit spends nothing of the mail's.
  await reserveAttempt(deps, ipKey, deps.config.RATE_LOGIN_PER_IP);
  await reserveAttempt(deps, mailKey, deps.config.RATE_LOGIN_PER_MAIL);
  const user = await findByMail(deps.db, body.mail);
  let good = false;
  if (user) good = await verifyPassword(user.password_hash, body.password);
  else await verifyAgainstNothing(body.password);
  if (!user || !good) throw invalid(danger(MSG.incorrectCredentials));
  if (user.banned_till != null && user.banned_till > nowSeconds()) throw banned();
  // The right password frees the mail's window and gives back the address's reserved attempt,
  // so people signing in behind one shared address are not limited by each other's successes.
  await deps.limiter.clear(mailKey);
  await deps.limiter.release(ipKey);
  const session = await createSession(deps.db, user.id, { ...meta, ttlDays: deps.config.SESSION_TTL_DAYS });
  return { user: { ...user, last_time: session.createdAt }, roles: await rolesOf(deps.db, user.id), session };
}

export async function changePassword(deps: Deps, caller: CurrentUser & { id: number }, session: SessionInfo, body: ChangePasswordBody) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, caller.id)).limit(1);
  if (!user) throw notFound();
  const fresh = nowSeconds() - session.createdAt <= FRESH_SESSION_SECONDS;
  if (!fresh && !(body.current_password && (await verifyPassword(user.password_hash, body.current_password)))) {
    throw invalid(danger(MSG.passwordNotChanged), danger(MSG.currentPasswordWrong));
  }
  if (isCommonPassword(body.password)) throw invalid(danger(MSG.passwordTooCommon));
  const passwordHash = await hashPassword(body.password);
  await transact(deps, async (tx, emit) => {
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, user.id));
    await endUserSessions(tx, emit, user.id, session.id);
  });
}

/** How long a reset request takes at least, known mail or not, failed delivery included. */
const RESET_ANSWER_FLOOR_MS = 300;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Mails a reset code. Answers the same for known and unknown mails, in words and in time: both
 * draw and hash a code and run a transaction; where a known mail's code is delivered, an unknown
 * one waits as long as recent deliveries took; and every answer waits until RESET_ANSWER_FLOOR_MS
 * after the request's limits were counted, which hides what is left of the difference.
 */
export async function requestReset(deps: Deps, body: ResetRequestBody, meta: ClientMeta) {
  await reserveAttempt(deps, `reset:ip:${meta.ip}`, deps.config.RATE_RESET_PER_IP);
  // One request per mail per RESET_RESEND_SECONDS: the first to count itself is that one.
  const mailKey = `reset:mail:${body.mail}`;
  if ((await deps.limiter.hit(mailKey, RESET_RESEND_SECONDS)).count > 1) throw invalid({ ...danger(MSG.codeSentEarlier), status: 2 });
  const started = performance.now();
  try {
    await issueResetCode(deps, body.mail, mailKey);
  } finally {
    const left = RESET_ANSWER_FLOOR_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

async function issueResetCode(deps: Deps, mail: string, mailKey: string) {
  const user = await findByMail(deps.db, mail);
  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
  const codeHash = await hashPassword(code);
  const now = nowSeconds();
  if (!user) {
    await deps.db.transaction(async (tx) => {
      await tx.select({ id: passwordResets.user_id }).from(passwordResets).where(eq(passwordResets.user_id, 0)).for('update');
      await sleep(deps.mailer.typicalSendMs());
    });
    return;
  }
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(passwordResets)
        .values({ user_id: user.id, code_hash: codeHash, created_at: now, expires_at: now + RESET_CODE_TTL_SECONDS, tries: 0 })
        .onConflictDoUpdate({
          target: passwordResets.user_id,
          set: { code_hash: codeHash, created_at: now, expires_at: now + RESET_CODE_TTL_SECONDS, tries: 0 },
        });
      // Sent inside the transaction: a mail that cannot be sent leaves no code behind.
      await deps.mailer.send({
        to: user.mail,
        subject: 'Tales: your password reset code',
        text: [
          'Someone (hopefully you) asked to reset the password of your Tales account.',
          '',
          `Your reset code: ${code}`,
          '',
          `It is valid for ${RESET_CODE_TTL_SECONDS / 60} minutes. If you did not ask for it, ignore this mail.`,
          '',
          'Кто-то (надеемся, вы) запросил сброс пароля вашей учётной записи Tales.',
          `Код сброса: ${code}. Он действует ${RESET_CODE_TTL_SECONDS / 60} минут.`,
        ].join('\n'),
      });
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    deps.log.error({ err: e }, 'reset mail could not be sent');
    await deps.limiter.clear(mailKey);
    // The code only (ECONNECTION, EAUTH...): the message would show the mail server's address to anyone.
    throw invalid(danger(MSG.mailerError, [(e as NodeJS.ErrnoException).code ?? 'unknown']));
  }
}

export async function resetWithCode(deps: Deps, body: ResetWithCodeBody, meta: ClientMeta): Promise<LoggedIn> {
  const incorrect = () => invalid(danger(MSG.resetCodeIncorrect));
  const user = await findByMail(deps.db, body.mail);
  if (!user) throw incorrect();
  const now = nowSeconds();
  // Each attempt spends one try up front, so concurrent guesses cannot exceed the limit.
  const [reset] = await deps.db
    .update(passwordResets)
    .set({ tries: sql`${passwordResets.tries} + 1` })
    .where(and(eq(passwordResets.user_id, user.id), lt(passwordResets.tries, RESET_CODE_MAX_TRIES)))
    .returning();
  if (!reset || reset.expires_at <= now || !(await verifyPassword(reset.code_hash, body.reset_code))) throw incorrect();
  if (isCommonPassword(body.password)) throw invalid(danger(MSG.passwordTooCommon));
  if (user.banned_till != null && user.banned_till > now) throw banned();
  const passwordHash = await hashPassword(body.password);
  return transact(deps, async (tx, emit) => {
    const gone = await tx.delete(passwordResets).where(eq(passwordResets.user_id, user.id)).returning();
    if (gone.length === 0) throw incorrect(); // used by a concurrent request
    await tx.update(users).set({ password_hash: passwordHash, is_verified: 1 }).where(eq(users.id, user.id));
    await endUserSessions(tx, emit, user.id);
    const session = await createSession(tx, user.id, { ...meta, ttlDays: deps.config.SESSION_TTL_DAYS });
    return { user: { ...user, last_time: session.createdAt, is_verified: 1 }, roles: await rolesOf(tx, user.id), session };
  });
}

/**
 * Past this many tales touched, removing a user tells every server to drop every feed value
 * (feed.changed) rather than sending an event per tale: a drop may take more than it must.
 */
const MAX_TALE_EVENTS = 5_000;

/** What deleting this account would remove, for the question asked before it (the account itself or an admin). */
export async function deletionSummary(deps: Deps, caller: CurrentUser, userId: number): Promise<DeletionSummary> {
  if (!isLoggedIn(caller)) throw fail(401, MSG.loginFirst);
  const target = await findUser(deps.db, userId);
  if (!target) throw notFound();
  authorize(policies.deleteUser(caller, userId));
  const [written, stored, liked] = [await writtenBy(deps.db, userId), await storedBy(deps.db, userId), await likesGivenBy(deps.db, userId)];
  return {
    tales: written.tales,
    drafts: written.drafts,
    comments: written.comments,
    others_comments: written.othersComments,
    files: stored.files,
    file_bytes: stored.bytes,
    likes: liked,
  };
}

export async function deleteUser(deps: Deps, caller: CurrentUser, userId: number) {
  if (!isLoggedIn(caller)) throw fail(401, MSG.loginFirst);
  const target = await findUser(deps.db, userId);
  if (!target) throw notFound();
  authorize(policies.deleteUser(caller, userId));
  // Everything the account owns hangs off users with ON DELETE CASCADE: one statement, one
  // transaction. Other people's tales lose this user's comments, likes and files, so their counters
  // are redone, each by the feature that owns the rows counted; stored objects of the files that
  // went are removed by the files feature once this committed (`user.deleted`).
  await transact(deps, async (tx, emit) => {
    const touched = async () =>
      new Set([...(await talesLikedBy(tx, userId)), ...(await talesWithFilesOf(tx, userId)), ...(await threadsCommentedBy(tx, userId))]);
    // The tales whose counters are redone are locked first, in id order (a post before its
    // comments, as every other writer takes them), and counted only after: a recount in the same
    // statement as the lock would miss the likes and comments of writers that commit meanwhile.
    // Comment writers hold their post's lock (lockThread), like and file writers the tale's row
    // while they move its counter, so each either committed before the count or moves it after.
    let ids: number[] = [];
    for (;;) {
      const fresh = [...(await touched())].filter((id) => !ids.includes(id));
      if (!fresh.length) break;
      ids = [...ids, ...fresh];
      await lockTales(tx, fresh);
    }
    // Their posts (with the comments under them) and the lists those were in go with the row.
    const posts = await postsAndTagsOf(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    if (ids.length) {
      const [likeCounts, fileCounts] = [await likeCountsOf(tx, ids), await fileCountsOf(tx, ids)];
      await setAttachmentCounts(tx, new Map(ids.map((id) => [id, { likes: likeCounts.get(id) ?? 0, files: fileCounts.get(id) ?? 0 }])));
      await recountThreads(tx, ids);
    }
    // Their tales leave the feed, others' counters moved, and others' notifications from them are gone.
    const changed = [...new Set([...ids, ...posts.ids])];
    if (changed.length > MAX_TALE_EVENTS) emit({ type: 'feed.changed' });
    else {
      const lists = listsOfPost(userId, posts.tags, 'any', nowSeconds());
      for (let i = 0; i < lists.length; i += MAX_LISTS_PER_EVENT)
        emit({ type: 'lists.changed', lists: lists.slice(i, i + MAX_LISTS_PER_EVENT) });
      for (const taleId of changed) emit({ type: 'tale.changed', taleId });
    }
    emit({ type: 'user.deleted', userId });
  });
}

/** Grants or removes a role (admin tools and the command-line tool). */
export async function setRole(deps: Pick<Deps, 'db' | 'events'>, userId: number, role: string, on: boolean) {
  await transact(deps, async (tx, emit) => {
    if (on) await tx.insert(userRoles).values({ user_id: userId, role }).onConflictDoNothing();
    else await tx.delete(userRoles).where(and(eq(userRoles.user_id, userId), eq(userRoles.role, role)));
    emit({ type: 'user.changed', userId });
  });
}

/** Bans until a unix time (null lifts the ban); a ban ends every session at once. */
export async function setBan(deps: Pick<Deps, 'db' | 'events'>, userId: number, until: number | null) {
  await transact(deps, async (tx, emit) => {
    await tx.update(users).set({ banned_till: until }).where(eq(users.id, userId));
    if (until != null && until > nowSeconds()) await endUserSessions(tx, emit, userId);
    emit({ type: 'user.changed', userId });
  });
}

export { findByMail };
