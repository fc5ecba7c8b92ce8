import { z } from 'zod';

/**
 * Wire-level coercion (wire-protocol.md): numbers may arrive as strings and `"null"` as a string.
 * Only number-like fields are coerced; passwords, codes and free text never are.
 */
function toNumberish(v: unknown): unknown {
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '' || s === 'null' || s === 'undefined') return undefined;
    const n = Number(s);
    return Number.isFinite(n) ? n : v;
  }
  return v === null ? undefined : v;
}

/** Flags alone take true/false as well (an id or a count of `true` is an error, not 1). */
function toFlagish(v: unknown): unknown {
  if (typeof v === 'boolean') return v ? 1 : 0;
  return toNumberish(v);
}

/** PostgreSQL's integer: ids, counts, sizes in pixels. */
export const INT32_MAX = 2_147_483_647;

/** An integer that fits a JavaScript number exactly (unix times and other bigint columns). */
export const wireInt = () => z.preprocess(toNumberish, z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER));
/** An integer within bounds; out-of-range values get the min/max field messages. */
export const wireIntIn = (min: number, max: number) => z.preprocess(toNumberish, z.number().int().min(min).max(max));
export const wireNumber = () => z.preprocess(toNumberish, z.number());
/** A 0/1 flag; true/false and "1"/"0" are accepted too. */
export const wireFlag = () => z.preprocess(toFlagish, z.union([z.literal(0), z.literal(1)]));
/** An id in a path or body: a positive integer that fits the database's integer ids. */
export const wireId = () => z.preprocess(toNumberish, z.number().int().positive().max(INT32_MAX));
/** Free text: strings only, but `null` counts as absent. */
export const wireText = () => z.preprocess((v) => (v === null ? undefined : v), z.string());

const blank = (v: unknown) => v === null || v === undefined || v === '' || v === 'null' || v === 'undefined';
/**
 * An optional field that a client may also send as null, "" or "null" (it sends whole objects
 * back): all of those mean "not given".
 */
export const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
/** An optional text field: null means "not given", but "" is a value (it clears the field). */
export const optText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === 'null' || v === 'undefined' ? undefined : v), schema.optional());

/** What the server answers (its own values, so no coercion): an integer, a 0/1 flag, a reference by name. */
export const intOut = () => z.number().int();
export const flagOut = () => z.number().int().meta({ description: '0 or 1' });
export const NamedRefSchema = z.strictObject({ name: z.string() });
