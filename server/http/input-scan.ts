/** The deepest nesting any form or client of ours sends; a body nested deeper is refused. */
export const MAX_INPUT_DEPTH = 32;

export interface BadInput {
  kind: 'nul' | 'depth';
  /** Where, in the dotted form field errors use (`header`, `files.0.name_human`). */
  field: string;
}

/**
 * Finds the first string holding a NUL character, or the first place nested deeper than
 * MAX_INPUT_DEPTH, in the parts of a request. Iterative, so no input can exhaust the stack, and
 * it stops at the first finding. Fields are named as schema messages name them (`header`, `txt`, `id`), without the part.
 */
export function findBadInput(parts: Record<string, unknown>): BadInput | undefined {
  const stack: { value: unknown; path: string[]; depth: number }[] = [];
  for (const value of Object.values(parts)) stack.push({ value, path: [], depth: 0 });
  while (stack.length) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { kind: 'nul', field: path.join('.') || 'body' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'depth', field: path[0] ?? 'body' };
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return { kind: 'nul', field: path.join('.') || 'body' };
      stack.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
  return undefined;
}
