import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api } from '../../common/api';
import type { Endpoint } from '../../common/api/endpoint';
import { GUEST } from '../../common/models/user';
import { ajvCheckOf, answerSerializerCompiler, beyondJsonSchema, checkedData, checkedList, listItemSchema } from './serializer';

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

  it('measures a string as zod does (in code points), however it is spelled', () => {
    const s = serializerOf(z.strictObject({ name: z.string().max(4) }), true);
    expect(JSON.parse(s({ name: 'abcd' }))).toEqual({ name: 'abcd' });
    // six UTF-16 units, three code points: Ajv (counting units) refuses, zod decides and sends it
    expect(JSON.parse(s({ name: '😀😀😀' }))).toEqual({ name: '😀😀😀' });
    expect(() => s({ name: '😀😀😀😀😀' })).toThrow();
    expect(() => s({ name: 'abcde' })).toThrow();
  });

  it('leaves to zod alone what Ajv could judge otherwise: a minimum length, a pattern, a format', () => {
    expect(ajvCheckOf(z.strictObject({ a: z.string().min(2) }))).toBeNull();
    expect(ajvCheckOf(z.strictObject({ a: z.string().regex(/^x/) }))).toBeNull();
    expect(ajvCheckOf(z.strictObject({ a: z.email() }))).toBeNull();
    expect(() => serializerOf(z.strictObject({ a: z.email() }))({ a: 'not a mail' })).toThrow();
    expect(() => serializerOf(z.strictObject({ a: z.string().min(3) }))({ a: '😀😀' })).toThrow();
    expect(ajvCheckOf(z.strictObject({ a: z.string().max(2) }))).not.toBeNull();
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

  describe('an answer whose data was checked and written once', () => {
    const feed = api.tales.feed.response;
    const envelope = (data: unknown, user = GUEST) => ({
      meta: { tale: { pageCurrentNumber: 1, pageSize: 10, rowsTotal: 0, pagesTotal: 1 }, alina_response_success: 1 },
      data,
      messages: [],
      CurrentUser: user,
    });

    it('is the same answer as the data written with it', () => {
      const s = serializerOf(feed.schema, true);
      const plain = s(envelope({ tale: [] }));
      const checked = s(envelope(checkedData(feed.data, { tale: [] })));
      expect(JSON.parse(checked)).toEqual(JSON.parse(plain));
    });

    it('still fails a field nobody declared around it, and data that is wrong when written', () => {
      const s = serializerOf(feed.schema);
      expect(() => s({ ...envelope(checkedData(feed.data, { tale: [] })), extra: 1 })).toThrow();
      expect(() => s(envelope(checkedData(feed.data, { tale: [] }), { ...GUEST, password_hash: 'x' } as typeof GUEST))).toThrow();
      expect(() => checkedData(feed.data, { tale: [{ id: 'x' }] } as never)).toThrow();
      expect(() => checkedData(feed.data, { tale: [], more: 1 } as never)).toThrow();
    });

    it('is refused where the data has a refinement (a field only some callers may see)', () => {
      const profile = api.profiles.profile.response;
      const s = serializerOf(profile.schema);
      expect(() => s({ ...envelope(null), data: checkedData(z.null(), null) })).toThrow(/no shell/);
    });
  });
});

describe('list data checked item by item', () => {
  const item = z.strictObject({ id: z.number().int(), name: z.string() });
  const list = z.strictObject({ tale: z.array(item) });

  it('writes what checking the whole list writes', () => {
    const items = [
      { id: 1, name: 'a "quoted" name' },
      { id: 2, name: 'ёж' },
    ];
    const parts = items.map((v) => checkedData(listItemSchema(list, 'tale'), v));
    expect(checkedList(list, 'tale', parts).json).toBe(checkedData(list, { tale: items }).json);
    expect(checkedList(list, 'tale', []).json).toBe('{"tale":[]}');
    // an item with a field nobody declared, or a wrong one, fails as it fails in the whole
    for (const bad of [
      { id: 3, name: 'c', secret: 'x' },
      { id: 'x', name: 'c' },
    ] as never[]) {
      expect(() => checkedData(list, { tale: [bad] })).toThrow();
      expect(() => checkedData(listItemSchema(list, 'tale'), bad)).toThrow();
    }
  });

  it("takes only items checked against the list's own item schema, of a strict one-field list", () => {
    const other = z.strictObject({ id: z.number().int(), name: z.string(), more: z.string().optional() });
    expect(() => checkedList(list, 'tale', [checkedData(other, { id: 1, name: 'a' })])).toThrow(/another schema/);
    expect(() => listItemSchema(z.object({ tale: z.array(item) }), 'tale')).toThrow(/strict object/);
    expect(() => listItemSchema(z.strictObject({ tale: z.array(item), total: z.number() }) as never, 'tale')).toThrow(/strict object/);
    expect(() => listItemSchema(z.strictObject({ tale: item }) as never, 'tale')).toThrow(/strict object/);
    expect(() => listItemSchema(list, 'other' as never)).toThrow();
    // the feed's own answer is such a list
    expect(listItemSchema(api.tales.feed.response.data as never, 'tale')).toBeDefined();
  });
});
