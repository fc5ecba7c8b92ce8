import { eq } from 'drizzle-orm';
import { policies } from '../../../common/policies';
import { isServedFilePath } from '../../../common/constants';
import { MSG, danger } from '../../../common/messages';
import type { CurrentUser, ProfileBody, PublicUser } from '../../../common/schemas/user';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { authorize, invalid, needLogin, notFound } from '../../http/errors';
import { sanitizeRichText } from '../../html/sanitize';
import { findUser } from '../auth/service';
import { toPublicUser } from '../auth/present';
import { transact } from '../../events';
import { refreshAuthorSearch } from '../tales/service';

export async function getProfile(deps: Deps, viewer: CurrentUser, id: number): Promise<PublicUser> {
  const found = await findUser(deps.db, id);
  if (!found) throw notFound();
  return toPublicUser(found.user, found.roles, viewer);
}

/** An emblem must be one of our own files (or empty). */
function emblemIsOurs(emblem: string): boolean {
  return emblem === '' || isServedFilePath(emblem);
}

export async function updateProfile(deps: Deps, caller: CurrentUser, body: ProfileBody): Promise<PublicUser> {
  if (caller.id == null) throw needLogin();
  const found = await findUser(deps.db, body.id);
  if (!found) throw notFound();
  authorize(policies.editProfile(caller, body.id));
  if (body.emblem !== undefined && !emblemIsOurs(body.emblem)) throw invalid(danger(MSG.fieldInvalid, ['emblem']));
  const patch: Partial<typeof users.$inferInsert> = {};
  if (body.firstname !== undefined) patch.firstname = body.firstname;
  if (body.lastname !== undefined) patch.lastname = body.lastname;
  if (body.birth !== undefined) patch.birth = body.birth;
  if (body.about_myself !== undefined) patch.about_myself = sanitizeRichText(body.about_myself);
  if (body.emblem !== undefined) patch.emblem = body.emblem;
  if (body.language !== undefined) patch.language = body.language;
  if (body.timezone !== undefined) patch.timezone = body.timezone;
  let user = found.user;
  if (Object.keys(patch).length) {
    const renamed = (patch.firstname ?? user.firstname) !== user.firstname || (patch.lastname ?? user.lastname) !== user.lastname;
    user = await transact(deps, async (tx, emit) => {
      const [updated] = await tx.update(users).set(patch).where(eq(users.id, body.id)).returning();
      // Tales are found by their author's names, so a rename reaches the search too.
      if (renamed) await refreshAuthorSearch(tx, body.id);
      emit({ type: 'user.changed', userId: body.id });
      // What is kept in memory shows authors' and likers' names and emblems; searches match names.
      if (renamed || patch.emblem !== undefined) emit({ type: 'author.changed', userId: body.id });
      if (renamed) emit({ type: 'lists.changed', lists: ['search'] });
      return updated;
    });
  }
  return toPublicUser(user, found.roles, caller);
}
