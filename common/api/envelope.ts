import { z } from 'zod';
import type { Message, MessageStatus } from '../messages';
import type { Pagination } from '../schemas/envelope';
import { type CurrentUser, CurrentUserSchema } from '../schemas/user';
import type { EnvelopeAnswer, RawAnswer } from './endpoint';

/**
 * The envelope of wire-protocol.md as schemas, so the server serialises every answer with the
 * declared shape of its `data`. Objects are strict: a field nobody declared (a password hash, a
 * column added to a query) fails serialisation instead of reaching the client.
 */

export const MessageSchema = z
  .strictObject({
    templateString: z.string(),
    params: z.array(z.union([z.string(), z.number()])),
    status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]) satisfies z.ZodType<MessageStatus>,
    text: z.string(),
    field: z.string().optional(),
  })
  .meta({
    id: 'Message',
    description:
      'templateString is the English text and the translation key; text is it with params filled in. status: 0 success, 1 info, 2 warning, 3 danger. A field error ends in (field:NAME) and names it in field.',
  }) satisfies z.ZodType<Message>;

export const PaginationSchema = z
  .strictObject({
    pageCurrentNumber: z.number().int(),
    pageSize: z.number().int(),
    rowsTotal: z.number().int(),
    pagesTotal: z.number().int(),
  })
  .meta({
    id: 'Pagination',
    description: 'pageCurrentNumber is the real page number, also when the request said last.',
  }) satisfies z.ZodType<Pagination>;

const messages = () => z.array(MessageSchema);

/** What every envelope carries besides meta and data. */
const common = {
  messages: messages(),
  messages_admin: messages().optional().meta({ description: 'Only to admins.' }),
  CurrentUser: CurrentUserSchema,
};

const refusalWith = (error: boolean) =>
  z.strictObject({
    meta: z.strictObject({ alina_response_success: z.literal(0) }),
    data: z.null(),
    ...common,
    ...(error ? { error: z.strictObject({ message: z.string() }).optional() } : {}),
  });

/** A call that did not succeed: data null, and messages saying why (a field error names its field). */
export const RefusalSchema = refusalWith(false).meta({
  id: 'Refusal',
  description: 'A call that did not succeed: alina_response_success 0, data null, and messages saying why.',
});
/** The editor's upload answers a refusal with error.message beside the envelope too. */
const RefusalWithErrorSchema = refusalWith(true).meta({
  id: 'RefusalWithError',
  description: 'A refusal that also carries error.message (the rich-text editor reads it).',
});

export interface AnswerOptions<D extends z.ZodType> {
  /** The meta key under which a list sends its pagination (`tale` for meta.tale). */
  list?: string;
  /** Refusals also carry `error.message` beside the envelope (the editor's own protocol). */
  errorMessage?: boolean;
  /**
   * A field that only some callers may see, checked against the policy table on the way out: gives
   * the path of a field `caller` may not see in `data`, or undefined. Such a field fails serialisation.
   */
  leakedTo?: (data: z.output<D>, caller: CurrentUser) => string | undefined;
}

/** The envelope around `data`, as an HTTP 200 answers it: success with data, or a refusal. */
export function answer<D extends z.ZodType>(data: D, opts: AnswerOptions<D> = {}): EnvelopeAnswer<D> {
  const meta = z.strictObject({
    alina_response_success: z.literal(1),
    ...(opts.list ? { [opts.list]: PaginationSchema } : {}),
  });
  let succeeded: z.ZodType = z.strictObject({ meta, data, ...common });
  const shell = z.strictObject({ meta, data: z.null(), ...common });
  const { leakedTo } = opts;
  if (leakedTo) {
    succeeded = succeeded.superRefine((envelope, ctx) => {
      const { data: sent, CurrentUser: caller } = envelope as { data: z.output<D>; CurrentUser: CurrentUser };
      const field = leakedTo(sent, caller);
      if (field) ctx.addIssue({ code: 'custom', path: ['data', ...field.split('.')], message: 'a field this caller may not see' });
    });
  }
  const refusal = opts.errorMessage ? RefusalWithErrorSchema : RefusalSchema;
  const schema = z.union([succeeded, refusal]);
  if (!leakedTo) shells.set(schema, { shell, data });
  return {
    kind: 'envelope',
    data,
    schema,
    refusal,
    ...(opts.list ? { list: opts.list } : {}),
    ...(opts.errorMessage ? { errorMessage: true } : {}),
  };
}

/**
 * Each envelope schema's shell (the successful envelope with data null) and data schema, by the
 * schema the server serialises with: how the serializer checks an answer whose data was checked
 * and written once (server/http/serializer.ts). Envelopes with a refinement on their data have none.
 */
export const shells = new WeakMap<z.ZodType, { shell: z.ZodType; data: z.ZodType }>();

/** `data` of a call that answers nothing but its messages. */
export const nothing = () => z.null();

/** An answer that is not the envelope. */
export const raw = (contentType: string, description: string): RawAnswer => ({ kind: 'raw', contentType, description });
