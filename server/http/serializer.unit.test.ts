import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../common/api';
import type { Endpoint } from '../../common/api/endpoint';
import { ajvCheckOf, answerSerializerCompiler, beyondJsonSchema } from './serializer';

const serializerOf = (schema: z.ZodType, crossCheck = false) =>
  answerSerializerCompiler({ crossCheck })({ schema, method: 'GET', url: '/t', httpStatus: '200' });

const endpoints = Object.values(api).flatMap((area) => Object.entries(area as Record<string, Endpoint>));

describe('the answer serialiser', () => {
  it('checks every answer but those with a refinement by one compiled function', () => {
    const byZodAlone: string[] = [];
    for (const [name, e] of endpoints) {
      if (e.response.kind !== 'envelope') continue;
      if (beyondJsonSchema(e.response.schema)) byZodAlone.push(name);
      // the JSON Schema translation of each other one compiles
      else expect(ajvCheckOf(e.response.schema), name).not.toBeNull();
    }
    expect(byZodAlone).toEqual(['profile', 'updateProfile']);
    // a field only some callers may see (a profile's mail) is checked by zod's refinement
  });

  const schema = z.union([
    z.strictObject({
      meta: z.strictObject({ ok: z.literal(1) }),
      data: z.array(z.strictObject({ id: z.number().int(), name: z.string().optional() })),
    }),
    z.strictObject({ meta: z.strictObject({ ok: z.literal(0) }), data: z.null() }),
  ]);

  it('sends what the schema declares, in either key order', () => {
    const s = serializerOf(schema, true);
    expect(JSON.parse(s({ data: [{ name: 'a', id: 1 }, { id: 2 }], meta: { ok: 1 } }))).toEqual({
      meta: { ok: 1 },
      data: [{ id: 1, name: 'a' }, { id: 2 }],
    });
    expect(JSON.parse(s({ meta: { ok: 0 }, data: null }))).toEqual({ meta: { ok: 0 }, data: null });
  });

  it('fails a field nobody declared, a wrong type, a missing field, a fraction where an integer belongs', () => {
    const s = serializerOf(schema);
    expect(() => s({ meta: { ok: 1 }, data: [{ id: 1, password_hash: 'x' }] })).toThrow();
    expect(() => s({ meta: { ok: 1 }, data: [{ id: '1' }] })).toThrow();
    expect(() => s({ meta: { ok: 1 }, data: [{ name: 'a' }] })).toThrow();
    expect(() => s({ meta: { ok: 1 }, data: [{ id: 1.5 }] })).toThrow();
    expect(() => s({ meta: { ok: 1 }, data: [{ id: Number.NaN }] })).toThrow();
    expect(() => s({ meta: { ok: 2 }, data: [] })).toThrow();
  });

  it('keeps a refinement: a field some callers may not see fails for them', () => {
    const refined = z.strictObject({ mail: z.string().optional(), me: z.boolean() }).superRefine((v, ctx) => {
      if (v.mail !== undefined && !v.me) ctx.addIssue({ code: 'custom', path: ['mail'], message: 'not yours' });
    });
    expect(beyondJsonSchema(refined)).toBe(true);
    expect(beyondJsonSchema(z.union([schema, z.array(refined)]))).toBe(true);
    expect(beyondJsonSchema(schema)).toBe(false);
    const s = serializerOf(refined);
    expect(JSON.parse(s({ mail: 'a@b.c', me: true }))).toEqual({ mail: 'a@b.c', me: true });
    expect(() => s({ mail: 'a@b.c', me: false })).toThrow();
  });
});
