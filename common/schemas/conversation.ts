import { z } from 'zod';
import { flagOut, intOut, opt, wireFlag, wireId, wireInt } from './fields';

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
  /** What happened: a comment under the recipient's post, a reply to their comment, a like. */
  kind: NotificationKind;
  /** The comment (comment, answer) or the liked tale or comment. */
  tale_id: number;
  /** 'POST' or 'COMMENT': what tale_id is. */
  tale_type: string;
  /** The post it is all under (tale_id itself when that is a post). */
  root_id: number;
  /** The post's header; empty when it has none or the recipient may no longer read it. */
  root_header: string;
  /** The start of tale_id's text; empty when the recipient may no longer read the post. */
  excerpt: string;
  /** In a grouped list, how many other people's likes of the same item this row stands for. */
  others: number;
}

export const NOTIFICATION_KINDS = ['comment', 'answer', 'like'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** How much of the commented or liked text a notification quotes. */
export const NOTIFICATION_EXCERPT = 140;

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
/** `grouped=1`: likes of one item come as one row, its newest, counting the others. */
export const NotificationsQuery = z.object({ grouped: opt(wireFlag()) });

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
    kind: z.enum(NOTIFICATION_KINDS),
    tale_id: intOut(),
    tale_type: z.string(),
    root_id: intOut(),
    root_header: z.string(),
    excerpt: z.string(),
    others: intOut(),
  })
  .meta({ id: 'Notification' }) satisfies z.ZodType<Notification>;
