import { z } from 'zod';
import { MSG } from '../messages';
import { flagOut, INT32_MAX, intOut, opt, optText, wireFlag, wireId, wireInt, wireNumber, wireText } from './fields';
import { ALIAS_MAX, BODY_FREE_MAX, BODY_MAX, HEADER_MAX, MAP_TYPES, TALE_TYPES, type Tale } from '../models/tale';

export * from '../models/tale';

const flag = () => opt(wireFlag());

/** The editable fields of a tale; anything else a client sends back is ignored. */
export const TaleSaveBody = z.object({
  id: opt(wireId()),
  header: optText(wireText().pipe(z.string().trim().max(HEADER_MAX))),
  body: optText(wireText().pipe(z.string().max(BODY_MAX))),
  body_free: optText(wireText().pipe(z.string().max(BODY_FREE_MAX))),
  publish_at: opt(wireInt().pipe(z.number().min(0).max(253_402_300_799))),
  router_alias: optText(
    wireText().pipe(
      z
        .string()
        .trim()
        .max(ALIAS_MAX)
        .regex(/^[A-Za-z0-9_-]*$/, { error: MSG.aliasChars }),
    ),
  ),
  iframe: wireText()
    .pipe(
      z
        .string()
        .trim()
        .max(2048)
        .regex(/^(https?:\/\/[^\s"'<>]+)?$/i, { error: MSG.iframeUrl }),
    )
    .optional(),
  lang: optText(wireText().pipe(z.string().max(10))),
  seo_index: opt(wireNumber().pipe(z.number().min(0).max(1))),
  geo_is_map_shown: flag(),
  geo_latitude: opt(wireNumber().pipe(z.number().min(-90).max(90))),
  geo_longitude: opt(wireNumber().pipe(z.number().min(-180).max(180))),
  geo_zoom: opt(wireInt().pipe(z.number().min(1).max(19))),
  geo_map_type: opt(z.enum(MAP_TYPES)),
  is_draft: flag(),
  is_adult_denied: flag(),
  is_comment_denied: flag(),
  is_comment_for_owner: flag(),
  is_header_hidden: flag(),
  is_date_hidden: flag(),
  is_avatar_hidden: flag(),
  is_social_sharing_hidden: flag(),
  is_for_registered: flag(),
  is_sticked: flag(),
  is_sticked_on_home: flag(),
  is_adv: flag(),
  // A comment (conversation feature): the parent; the server derives level, root and type.
  answer_to_tale_id: z.preprocess((v) => (v === 0 || v === '0' ? undefined : v), opt(wireId())),
  type: z.string().optional(),
  form_id: z.string().optional(),
});
export type TaleSaveBody = z.infer<typeof TaleSaveBody>;

export const FeedParams = z.object({
  pageSize: wireInt().pipe(z.number().min(1).max(100)),
  page: z.union([z.literal('last'), wireInt().pipe(z.number().min(1))]),
});
export const FeedQuery = z.object({
  txt: z.string().max(200).optional(),
  owner: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), wireId().optional()),
});
/** A tale by id or by alias; an alias is never all digits, so digits are an id and must fit one. */
export const TaleRefParams = z.object({
  id: z
    .string()
    .min(1)
    .max(ALIAS_MAX)
    .refine((s) => !/^\d+$/.test(s) || Number(s) <= INT32_MAX),
});

/** A tale (or comment) as the API sends it: every field of spec section 3, nothing else. */
export const TaleSchema = z
  .strictObject({
    id: intOut(),
    header: z.string(),
    body: z.string(),
    body_free: z.string(),
    body_txt: z.string(),
    publish_at: intOut(),
    created_at: intOut(),
    updated_at: intOut(),
    edited_at: intOut().nullable().meta({ description: 'When its text last changed after it was published; null when never.' }),
    is_submitted: flagOut(),
    type: z.enum(TALE_TYPES),
    owner_id: intOut(),
    owner_firstname: z.string(),
    owner_lastname: z.string(),
    owner_emblem: z.string(),
    router_alias: z.string(),
    router_alias_id: intOut(),
    iframe: z.string(),
    lang: z.string(),
    level: intOut(),
    root_tale_id: intOut().nullable(),
    answer_to_tale_id: intOut().nullable(),
    count_root_tale_id: intOut(),
    count_answer_to_tale_id: intOut(),
    count_files: intOut(),
    count_like: intOut(),
    current_user_liked: flagOut(),
    is_draft: flagOut(),
    is_sticked: flagOut(),
    is_sticked_on_home: flagOut(),
    is_adult_denied: flagOut(),
    is_adv: flagOut(),
    is_comment_denied: flagOut(),
    is_comment_for_owner: flagOut(),
    is_header_hidden: flagOut(),
    is_date_hidden: flagOut(),
    is_avatar_hidden: flagOut(),
    is_social_sharing_hidden: flagOut(),
    is_for_registered: flagOut(),
    seo_index: z.number(),
    geo_is_map_shown: flagOut(),
    geo_latitude: z.number(),
    geo_longitude: z.number(),
    geo_zoom: intOut(),
    geo_map_type: z.enum(MAP_TYPES),
  })
  .meta({ id: 'Tale', description: 'A tale, or a comment (type COMMENT, level above 0) under one.' }) satisfies z.ZodType<Tale>;
