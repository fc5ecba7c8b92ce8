import { MSG, type Message, danger, formatTemplate } from './messages';

/** The parts of a Zod issue we read; fastify-type-provider-zod passes the same fields on. */
export interface IssueLike {
  code?: string;
  keyword?: string;
  path?: readonly PropertyKey[];
  instancePath?: string;
  message?: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
  expected?: unknown;
  params?: Record<string, unknown>;
}

const TEMPLATES = new Set<string>(Object.values(MSG));

function fieldName(issue: IssueLike): string {
  if (issue.path?.length) return issue.path.map(String).join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
}

/**
 * Turns one schema issue into a catalogue message naming its field. A schema that gave its own
 * catalogue template (`{ error: MSG.invalidMail }`) keeps it; every other failure gets a generic
 * template by kind, so every message is translatable and names its field.
 */
export function issueToMessage(issue: IssueLike): Message {
  const p = { ...issue.params, ...issue } as Record<string, unknown>;
  const code = String(issue.code ?? issue.keyword ?? '');
  const field = fieldName(issue);
  const message = issue.message ?? '';
  if (TEMPLATES.has(message)) {
    return message.includes('%s') ? danger(message, [field]) : danger(message);
  }
  const origin = String(p.origin ?? '');
  if (code === 'invalid_type') {
    if (/received undefined|received null/.test(message)) return danger(MSG.fieldRequired, [field]);
    if (p.expected === 'number' || p.expected === 'int') return danger(MSG.fieldNotNumber, [field]);
    return danger(MSG.fieldInvalid, [field]);
  }
  if (code === 'too_small') {
    const min = Number(p.minimum);
    if (origin === 'string' && min === 1) return danger(MSG.fieldRequired, [field]);
    if (origin === 'string' || origin === 'array') return danger(MSG.fieldTooShort, [min, field]);
    return danger(MSG.fieldTooSmall, [min, field]);
  }
  if (code === 'too_big') {
    const max = Number(p.maximum);
    if (origin === 'string' || origin === 'array') return danger(MSG.fieldTooLong, [max, field]);
    return danger(MSG.fieldTooBig, [max, field]);
  }
  return danger(MSG.fieldInvalid, [field]);
}

export function issuesToMessages(issues: readonly IssueLike[]): Message[] {
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const issue of issues) {
    const m = issueToMessage(issue);
    const key = formatTemplate(m.templateString, m.params);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(m);
    }
  }
  return out;
}
