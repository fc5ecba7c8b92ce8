import { z } from 'zod';
import { ABOUT_MAX, LANGUAGES, MAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, RESET_CODE_LENGTH } from '../constants';
import { MSG } from '../messages';
import { intOut, NamedRefSchema, opt, optText, wireId, wireInt, wireText } from './fields';
import type { CurrentUser, PublicUser } from '../models/user';

export * from '../models/user';

export const mailField = () =>
  z
    .string({ error: MSG.invalidMail })
    .trim()
    .max(MAIL_MAX, { error: MSG.invalidMail })
    .pipe(z.email({ error: MSG.invalidMail }))
    .transform((m) => m.toLowerCase());

/**
 * A password's length bound: too long says so and names the field it is in (`password`,
 * `confirm_password`, `current_password`). Each bound carries its own message: a message given to
 * z.string() itself would stand for every failure of the field, the too-long one included.
 */
const passwordMax = <T extends z.ZodString>(s: T) => s.max(PASSWORD_MAX, { error: MSG.passwordTooLong });

export const newPasswordField = () =>
  passwordMax(
    z
      .string({ error: (issue) => (issue.code === 'invalid_type' ? MSG.passwordTooShort : undefined) })
      .min(PASSWORD_MIN, { error: MSG.passwordTooShort }),
  );
/** The repeated password: bounded like the password, so a 257-character one is named as such too. */
const confirmPasswordField = () => passwordMax(z.string());

function passwordsMatch<T extends { password: string; confirm_password: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.password !== v.confirm_password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MSG.passwordsDoNotMatch });
  }
}

export const LoginBody = z.object({
  mail: z
    .string({ error: MSG.invalidMail })
    .trim()
    .min(1, { error: MSG.invalidMail })
    .max(MAIL_MAX)
    .transform((m) => m.toLowerCase()),
  password: passwordMax(z.string().min(1)),
  form_id: z.string().optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z
  .object({
    mail: mailField(),
    password: newPasswordField(),
    confirm_password: confirmPasswordField(),
    language: opt(z.enum(LANGUAGES)),
    /** The name shown with the account's tales and comments (optional; its profile's first name). */
    firstname: optText(wireText().pipe(z.string().trim().max(NAME_MAX))),
    form_id: z.string().optional(),
  })
  .superRefine(passwordsMatch);
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ChangePasswordBody = z
  .object({
    current_password: passwordMax(z.string()).optional(),
    password: newPasswordField(),
    confirm_password: confirmPasswordField(),
    form_id: z.string().optional(),
  })
  .superRefine(passwordsMatch);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ResetRequestBody = z.object({ mail: mailField(), form_id: z.string().optional() });
export type ResetRequestBody = z.infer<typeof ResetRequestBody>;

export const resetCodeField = () =>
  z
    .string({ error: MSG.resetCodeIncorrect })
    .trim()
    .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), { error: MSG.resetCodeIncorrect });

export const ResetWithCodeBody = z
  .object({
    mail: mailField(),
    reset_code: resetCodeField(),
    password: newPasswordField(),
    confirm_password: confirmPasswordField(),
    form_id: z.string().optional(),
  })
  .superRefine(passwordsMatch);
export type ResetWithCodeBody = z.infer<typeof ResetWithCodeBody>;

/** Profile edits: only these fields may change, whatever else the client sends back. */
export const ProfileBody = z.object({
  id: wireId(),
  firstname: optText(wireText().pipe(z.string().trim().max(NAME_MAX))),
  lastname: optText(wireText().pipe(z.string().trim().max(NAME_MAX))),
  birth: z
    .preprocess(
      (v) => (v === '' || v === 'null' ? null : v),
      wireInt().pipe(z.number().min(-62_135_596_800).max(253_402_300_799)).nullable(),
    )
    .optional(),
  about_myself: optText(wireText().pipe(z.string().max(ABOUT_MAX))),
  emblem: optText(wireText().pipe(z.string().max(2048))),
  language: opt(z.enum(LANGUAGES)),
  timezone: optText(wireText().pipe(z.string().max(64))),
  form_id: z.string().optional(),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

export const IdParams = z.object({ id: wireId() });

/** What deleting an account removes with it, counted when asked. */
export const DeletionSummarySchema = z
  .strictObject({
    tales: intOut().meta({ description: 'Published and scheduled tales.' }),
    drafts: intOut(),
    comments: intOut(),
    others_comments: intOut().meta({ description: "Other people's comments under these tales, which go with them." }),
    files: intOut(),
    file_bytes: z.number(),
    likes: intOut().meta({ description: 'Likes this account gave.' }),
  })
  .meta({ id: 'DeletionSummary', description: 'What deleting an account removes with it.' });
export type DeletionSummary = z.infer<typeof DeletionSummarySchema>;

/** What a profile and the caller both show of a user. */
const profileFields = {
  firstname: z.string(),
  lastname: z.string(),
  emblem: z.string(),
  birth: intOut().nullable(),
  about_myself: z.string(),
  language: z.string(),
  timezone: z.string(),
};

/** A profile as the API sends it (data.user); `mail` only to the owner and staff (policies.seeMail). */
export const PublicUserSchema = z
  .strictObject({
    id: z.number().int(),
    mail: z.string().optional().meta({ description: 'Only to the user themself and staff.' }),
    ...profileFields,
    created_at: intOut(),
    banned_till: intOut().nullable(),
    rbac_user_role: z.array(NamedRefSchema),
  })
  .meta({ id: 'PublicUser', description: 'A profile as anyone may read it.' }) satisfies z.ZodType<PublicUser>;

/** The caller, on every answer: never a password hash, reset code or another user's token. */
export const CurrentUserSchema = z
  .strictObject({
    id: z.number().int().nullable(),
    mail: z.string(),
    ...profileFields,
    is_verified: z.number().int(),
    banned_till: intOut().nullable(),
    created_at: intOut().nullable(),
    last_time: intOut().nullable(),
    count_notifications: z.number().int(),
    token: z.string().nullable(),
    rbac_user_role: z.array(NamedRefSchema),
    rbac_permission: z.array(NamedRefSchema),
  })
  .meta({
    id: 'CurrentUser',
    description: 'The caller, on every answer of a session; a guest (id null, token null) when not signed in.',
  }) satisfies z.ZodType<CurrentUser>;
