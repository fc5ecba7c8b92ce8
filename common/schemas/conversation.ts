import { z } from 'zod';
import { flagOut, intOut, wireId, wireInt } from './fields';

/** The tables a like may point at; both name the tales table, where comments live too. */
export const LIKE_TABLES = ['tale', 'tales', 'comment'] as const;

export const LikeBody = z.object({
  ref_table: z.string().max(30),
  ref_id: wireId(),
  val: wireInt().optional(),
  form_id: z.string().optional(),
});
export type LikeBody = z.infer<typeof LikeBody>;

export interface LikeAnswer {
  AmountLikes: number;
  CurrentUserLiked: number;
}

export interface Liker {
  id: number;
  user_id: number;
  from_emblem: string;
  from_firstname: string;
  from_lastname: string;
  created_at: number;
}

export interface Notification {
  id: number;
  from_id: number;
  from_emblem: string;
  from_firstname: string;
  from_lastname: string;
  created_at: number;
  txt: string;
  link: string;
  is_shown: number;
}

export const ListParams = z.object({
  pageSize: wireInt().pipe(z.number().min(1).max(100)),
  page: z.union([z.literal('last'), wireInt().pipe(z.number().min(1))]),
});
export const LikersParams = ListParams.extend({ ref_table: z.string().max(30), ref_id: wireId() });
export const CommentsParams = ListParams.extend({ answerTo: wireId() });
export const CommentsQuery = z.object({
  expand: z.preprocess((v) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v), wireId().optional()),
});
export const CreatedAtParams = z.object({ created_at: wireInt() });

/**
 * Where a notification about comment `id` under post `root` leads: the branch opened, the comment
 * lit. The ids may be placeholders (a template the database fills in with the id it gives).
 */
export function threadLink(root: number, id?: number | string, branch?: number | string): string {
  if (id === undefined) return `/tale/upsert/${root}`;
  return `/tale/upsert/${root}?highlight=${id}&expand=${branch ?? id}`;
}

export const LikeAnswerSchema = z
  .strictObject({ AmountLikes: intOut(), CurrentUserLiked: flagOut() })
  .meta({ id: 'LikeAnswer' }) satisfies z.ZodType<LikeAnswer>;

export const LikerSchema = z
  .strictObject({
    id: intOut(),
    user_id: intOut(),
    from_emblem: z.string(),
    from_firstname: z.string(),
    from_lastname: z.string(),
    created_at: intOut(),
  })
  .meta({ id: 'Liker', description: 'Someone who liked a tale or comment, and when.' }) satisfies z.ZodType<Liker>;

export const NotificationSchema = z
  .strictObject({
    id: intOut(),
    from_id: intOut(),
    from_emblem: z.string(),
    from_firstname: z.string(),
    from_lastname: z.string(),
    created_at: intOut(),
    txt: z.string(),
    link: z.string().meta({ description: 'An app route: /tale/upsert/{root}?highlight={id}&expand={parent}' }),
    is_shown: flagOut(),
  })
  .meta({ id: 'Notification' }) satisfies z.ZodType<Notification>;
