import type { FieldError, FieldErrors, FieldPath, FieldValues, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { fieldOf, type Message, type MessageParam } from '@common/messages';
import { issueToMessage } from '@common/validation';
import type { TranslatableMessage } from '@/i18n/translateMessage';

/**
 * react-hook-form keeps a field error's message as a string. We keep the catalogue message
 * (template + params) in it instead of a finished text, so it is translated when shown and
 * follows a language switch.
 */
export function encodeFieldMessage(m: Pick<Message, 'templateString' | 'params'>): string {
  return JSON.stringify({ templateString: m.templateString, params: m.params ?? [] });
}

export function decodeFieldMessage(s: string | undefined): TranslatableMessage | null {
  if (!s) return null;
  try {
    const v: unknown = JSON.parse(s);
    if (typeof v === 'object' && v !== null && 'templateString' in v && typeof v.templateString === 'string') {
      const params = 'params' in v && Array.isArray(v.params) ? (v.params as MessageParam[]) : [];
      return { templateString: v.templateString, params };
    }
  } catch {
    // a plain string: shown as its own template
  }
  return { templateString: s, params: [] };
}

/**
 * Validates a form with one of the shared Zod schemas; each issue becomes a catalogue message
 * (common/validation.ts) attached to the field it names.
 */
export function catalogueResolver<TValues extends FieldValues, TOut>(schema: z.ZodType<TOut>): Resolver<TValues, unknown, TOut> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const m = issueToMessage(issue);
      const field = fieldOf(m) ?? issue.path.map(String).join('.');
      if (field && !errors[field]) errors[field] = { type: issue.code, message: encodeFieldMessage(m) };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}

/** Puts the server's field messages (Message.field) under the form fields they name; the first such field takes the cursor. */
export function applyServerFieldErrors<TValues extends FieldValues>(
  messages: readonly Message[] | undefined,
  setError: UseFormSetError<TValues>,
  fields: readonly FieldPath<TValues>[],
): void {
  let first = true;
  for (const m of messages ?? []) {
    const field = fieldOf(m);
    const match = fields.find((f) => f === field);
    if (!match) continue;
    setError(match, { type: 'server', message: encodeFieldMessage(m) }, { shouldFocus: first });
    first = false;
  }
}
