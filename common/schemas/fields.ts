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
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v === null ? undefined : v;
}

export const wireInt = () => z.preprocess(toNumberish, z.number().int());
/** An integer within bounds; out-of-range values get the min/max field messages. */
export const wireIntIn = (min: number, max: number) => z.preprocess(toNumberish, z.number().int().min(min).max(max));
export const wireNumber = () => z.preprocess(toNumberish, z.number());
/** A 0/1 flag; true/false and "1"/"0" are accepted too. */
export const wireFlag = () => z.preprocess(toNumberish, z.union([z.literal(0), z.literal(1)]));
/** An id in a path or body: a positive integer. */
export const wireId = () => z.preprocess(toNumberish, z.number().int().positive());
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
