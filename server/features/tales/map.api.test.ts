import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapTale } from '../../../common/schemas/map';
import type { Tale } from '../../../common/schemas/tale';
import { Client, type TestApp, registered, startApp, writeTale } from '../../test/harness';
import { memorySearchOf } from './memory-search';

let app: TestApp;
let admin: Awaited<ReturnType<typeof registered>>;
let author: Awaited<ReturnType<typeof registered>>;
let other: Awaited<ReturnType<typeof registered>>;
let visitor: Client;

type List = { tale: MapTale[] };
const t: Record<string, Tale> = {};
const pin = (lat: number, lng: number) => ({ geo_is_map_shown: 1, geo_latitude: lat, geo_longitude: lng, geo_zoom: 13 });
// a box round central Moscow, and one round the Fiji islands, astride the antimeridian
const MOSCOW = '37.5,55.7,37.8,55.8';

beforeAll(async () => {
  app = await startApp();
  admin = await registered(app); // the first user is the admin
  author = await registered(app);
  other = await registered(app);
  visitor = new Client(app.url);
  await author.post('/auth/profile', { id: author.id, firstname: 'Анна', lastname: 'Reed', form_id: 'profile' });
  const now = Math.floor(Date.now() / 1000);
  t.kremlin = await writeTale(author, {
    header: 'Kremlin walls',
    body: '<p>By the red walls #река stands a tower</p>',
    ...pin(55.752, 37.6175),
  });
  t.park = await writeTale(author, {
    header: 'Gorky park',
    body: `<p>${'Leaves fall in the park. '.repeat(20)}</p>`,
    ...pin(55.7298, 37.6036),
  });
  t.members = await writeTale(other, {
    header: 'Members bridge',
    body: '<p>Only for members #река</p>',
    is_for_registered: 1,
    ...pin(55.748, 37.61),
  });
  t.adult = await writeTale(other, { header: 'Night club', body: '<p>Adult words here</p>', is_adult_denied: 1, ...pin(55.76, 37.62) });
  t.hiddenHeader = await writeTale(other, {
    header: 'Secret header',
    body: '<p>Header hidden words</p>',
    is_header_hidden: 1,
    is_avatar_hidden: 1,
    is_date_hidden: 1,
    ...pin(55.77, 37.64),
  });
  t.draft = await writeTale(author, { header: 'Draft square', is_draft: 1, ...pin(55.751, 37.618) });
  t.scheduled = await writeTale(author, { header: 'Scheduled lane', publish_at: now + 86400, ...pin(55.753, 37.619) });
  t.noMap = await writeTale(author, { header: 'Map not shown', ...pin(55.754, 37.62), geo_is_map_shown: 0 });
  t.nowhere = await writeTale(author, { header: 'No point', ...pin(0, 0) });
  t.plain = await writeTale(author, { header: 'No place at all' });
  t.spb = await writeTale(other, { header: 'Neva embankment', body: '<p>Cold #река wind</p>', ...pin(59.9343, 30.3351) });
  t.fijiEast = await writeTale(author, { header: 'East of the line', body: '<p>Island sunrise</p>', ...pin(-16.5, 179.6) });
  t.fijiWest = await writeTale(author, { header: 'West of the line', body: '<p>Island sunset</p>', ...pin(-16.6, -179.7) });
  await author.post('/tale/upsert', { answer_to_tale_id: t.kremlin.id, body: '<p>A comment</p>', form_id: 'actionCommentAdd' });
});
afterAll(async () => app?.close());

const map = (c: Client, query: string, pageSize = 50, page: number | string = 1) => c.get<List>(`/tale/map/${pageSize}/${page}?${query}`);
const headers = (a: { body: { data: List } }) => a.body.data.tale.map((x) => x.header);
const ids = (a: { body: { data: List } }) => a.body.data.tale.map((x) => x.id);

describe('the map of tales', () => {
  it('shows a visitor only what the feed shows them; readers also the members-only tales; author, other and staff alike', async () => {
    const seen = await map(visitor, `bbox=${MOSCOW}`);
    expect(seen.status).toBe(200);
    expect(seen.body.meta.alina_response_success).toBe(1);
    expect(ids(seen).sort()).toEqual([t.kremlin.id, t.park.id, t.adult.id, t.hiddenHeader.id].sort());
    expect(seen.body.meta.tale).toMatchObject({ rowsTotal: 4, pageCurrentNumber: 1, pagesTotal: 1 });
    for (const reader of [author, other, admin]) {
      const a = await map(reader, `bbox=${MOSCOW}`);
      // drafts, scheduled tales, tales that hide their map or have no point never show, not even to their author or staff
      expect(ids(a).sort(), `user ${reader.id}`).toEqual([t.kremlin.id, t.park.id, t.members.id, t.adult.id, t.hiddenHeader.id].sort());
    }
    // the whole world (no bbox) holds them all and nothing else
    const world = await map(visitor, '');
    expect(ids(world).sort()).toEqual(
      [t.kremlin.id, t.park.id, t.adult.id, t.hiddenHeader.id, t.spb.id, t.fijiEast.id, t.fijiWest.id].sort(),
    );
  });

  it('gives each marker its place, header, author and the start of its text; nothing of a tale for adults or a hidden header', async () => {
    const a = await map(visitor, `bbox=${MOSCOW}`);
    const byId = new Map(a.body.data.tale.map((x) => [x.id, x]));
    expect(byId.get(t.kremlin.id)).toEqual({
      id: t.kremlin.id,
      latitude: 55.752,
      longitude: 37.6175,
      header: 'Kremlin walls',
      excerpt: 'By the red walls #река stands a tower',
      router_alias: '',
      publish_at: t.kremlin.publish_at,
      owner_id: author.id,
      owner_firstname: 'Анна',
      owner_lastname: 'Reed',
      is_adult_denied: 0,
      is_for_registered: 0,
      is_avatar_hidden: 0,
      is_date_hidden: 0,
    });
    const park = byId.get(t.park.id);
    expect(park?.excerpt.length).toBeLessThanOrEqual(201);
    expect(park?.excerpt).toMatch(/^Leaves fall in the park\. .*park…$/);
    expect(byId.get(t.adult.id)).toMatchObject({ header: 'Night club', excerpt: '', is_adult_denied: 1 });
    // the author hid the header, their name and the date: the header is not sent, the others are flagged as the feed flags them
    expect(byId.get(t.hiddenHeader.id)).toMatchObject({
      header: '',
      excerpt: 'Header hidden words',
      is_avatar_hidden: 1,
      is_date_hidden: 1,
    });
    // no body, no html
    expect(JSON.stringify(a.body.data)).not.toContain('<p>');
  });

  it('orders a viewport nearest to its centre first and pages through it', async () => {
    // centred on the Kremlin: the bridge (members-only) 650 m away, the club 900 m, the hidden header
    // 2.4 km north-east, the park 2.6 km south (nearer in degrees, farther on the ground)
    const box = '37.5675,55.702,37.6675,55.802';
    const all = await map(author, `bbox=${box}`);
    expect(ids(all)).toEqual([t.kremlin.id, t.members.id, t.adult.id, t.hiddenHeader.id, t.park.id]);
    const p1 = await map(author, `bbox=${box}`, 2, 1);
    const p2 = await map(author, `bbox=${box}`, 2, 2);
    const last = await map(author, `bbox=${box}`, 2, 'last');
    expect([...ids(p1), ...ids(p2), ...ids(last)]).toEqual(ids(all));
    expect(last.body.meta.tale).toEqual({ pageCurrentNumber: 3, pageSize: 2, rowsTotal: 5, pagesTotal: 3 });
    // a box that holds nothing
    const empty = await map(author, 'bbox=-10,-10,-9,-9');
    expect(empty.body.data.tale).toEqual([]);
    expect(empty.body.meta.tale).toMatchObject({ rowsTotal: 0 });
  });

  it('finds both sides of the antimeridian, however the viewport spells it', async () => {
    const both = [t.fijiEast.id, t.fijiWest.id].sort();
    for (const box of ['179,-17,-179,-16', '179,-17,181,-16', '-181,-17,-179,-16', '899,-17,901,-16', '-200,-17,200,-16']) {
      const a = await map(visitor, `bbox=${box}`);
      expect(a.body.messages, box).toEqual([]);
      expect(ids(a).sort(), `${box}: ${JSON.stringify(a.body)}`).toEqual(both);
    }
    expect(ids(await map(visitor, 'bbox=179,-17,180,-16'))).toEqual([t.fijiEast.id]);
    expect(ids(await map(visitor, 'bbox=-180,-17,-179,-16'))).toEqual([t.fijiWest.id]);
    // nearest to the centre first, the shorter way round the globe
    expect(ids(await map(visitor, 'bbox=179.4,-17,-179.6,-16'))).toEqual([t.fijiEast.id, t.fijiWest.id]);
    expect(ids(await map(visitor, 'bbox=179.5,-17,-179.5,-16'))).toEqual([t.fijiWest.id, t.fijiEast.id]);
  });

  it('filters by the same search text as the feed: words, hashtags, both ways of running a search, and the memory search', async () => {
    for (const strategy of ['auto', 'index', 'feed', 'memory'] as const) {
      const s =
        strategy === 'auto'
          ? app
          : await startApp(strategy === 'memory' ? { SEARCH_ENGINE: 'memory' } : { SEARCH_STRATEGY: strategy }, undefined);
      if (strategy === 'memory') {
        await memorySearchOf(s.deps)?.whenReady();
        expect(memorySearchOf(s.deps)?.index()).toBeDefined();
      }
      try {
        const c = strategy === 'auto' ? other : await registered(s);
        if (strategy !== 'auto') {
          await writeTale(c, { header: 'River bank', body: '<p>Water #река</p>', ...pin(55.75, 37.6) });
          await writeTale(c, { header: 'Dry land', body: '<p>Sand</p>', ...pin(55.76, 37.61) });
          const rivers = await new Client(s.url).get<List>(`/tale/map/50/1?txt=${encodeURIComponent('#река')}`);
          expect(headers(rivers), strategy).toEqual(['River bank']);
          const words = await new Client(s.url).get<List>('/tale/map/50/1?txt=san');
          expect(headers(words), strategy).toEqual(['Dry land']);
          continue;
        }
        const tag = await map(visitor, `txt=${encodeURIComponent('#река')}`);
        expect(headers(tag).sort()).toEqual(['Kremlin walls', 'Neva embankment']);
        const tagHere = await map(c, `bbox=${MOSCOW}&txt=${encodeURIComponent('#река')}`);
        expect(headers(tagHere).sort()).toEqual(['Kremlin walls', 'Members bridge']);
        expect(headers(await map(visitor, 'txt=isla'))).toHaveLength(2);
        expect(headers(await map(visitor, `txt=${encodeURIComponent('Анна sunset')}`))).toEqual(['West of the line']);
        expect(await map(visitor, 'txt=nobodywrotethis').then(ids)).toEqual([]);
      } finally {
        if (strategy !== 'auto') await s.close();
      }
    }
  });

  it('answers a bad viewport, page size or search with a message naming the field, never 5xx', async () => {
    for (const [query, field] of [
      ['bbox=1,2,3', 'bbox'],
      ['bbox=a,b,c,d', 'bbox'],
      ['bbox=1,2,3,', 'bbox'],
      ['bbox=0,10,1,5', 'bbox'],
      ['bbox=0,-91,1,5', 'bbox'],
      ['bbox=0,1,Infinity,5', 'bbox'],
      ['bbox=2000,1,2001,5', 'bbox'],
      ['bbox=0x10,1,20,5', 'bbox'],
      ['bbox=1e1,1,20,5', 'bbox'],
      ['bbox=%201%20,1,20,5,', 'bbox'],
      ['bbox=NaN,1,20,5', 'bbox'],
      [`txt=${'x'.repeat(201)}`, 'txt'],
    ] as const) {
      const a = await map(visitor, query);
      expect(a.status, query).toBe(200);
      expect(a.body.meta.alina_response_success, query).toBe(0);
      expect(a.body.messages[0].field, query).toBe(field);
    }
    for (const path of ['/tale/map/501/1', '/tale/map/0/1', '/tale/map/10/0', '/tale/map/x/1']) {
      const a = await visitor.get<List>(path);
      expect(a.status, path).toBe(200);
      expect(a.body.meta.alina_response_success, path).toBe(0);
    }
    expect((await map(visitor, 'bbox=37.5,55.7,37.8,55.8', 500)).body.meta.alina_response_success).toBe(1);
    // spaces round a number are fine; a repeated parameter is a field error, not a crash
    expect((await map(visitor, 'bbox=%2037.5%20,55.7,37.8,55.8')).body.meta.alina_response_success).toBe(1);
    const twice = await visitor.get<List>(`/tale/map/10/1?bbox=${MOSCOW}&bbox=${MOSCOW}`);
    expect(twice.status).toBe(200);
    expect(twice.body.meta.alina_response_success).toBe(0);
    expect(twice.body.messages[0].field).toBe('bbox');
    // a page past the end is the last one, as in the feed
    const past = await map(visitor, `bbox=${MOSCOW}`, 2, 99);
    expect(past.body.meta.tale).toMatchObject({ pageCurrentNumber: 2, rowsTotal: 4 });
    expect(past.body.data.tale).toHaveLength(2);
  });

  it('is told at once when a tale leaves the map: deleted, made a draft or its map hidden', async () => {
    const gone = await writeTale(author, { header: 'Soon gone', ...pin(55.78, 37.7) });
    const hidden = await writeTale(author, { header: 'Soon hidden', ...pin(55.781, 37.7) });
    const drafted = await writeTale(author, { header: 'Soon a draft', ...pin(55.782, 37.7) });
    const box = 'bbox=37.69,55.77,37.71,55.79';
    expect(headers(await map(visitor, box)).sort()).toEqual(['Soon a draft', 'Soon gone', 'Soon hidden']);
    await author.post(`/tale/delete/${gone.id}`, { form_id: 'actionDelete' });
    await author.post('/tale/upsert', { id: hidden.id, geo_is_map_shown: 0, form_id: 'actionUpsert' });
    await author.post('/tale/upsert', { id: drafted.id, is_draft: 1, form_id: 'actionUpsert' });
    expect(headers(await map(visitor, box))).toEqual([]);
  });
});

describe('nearby tales', () => {
  const nearby = (c: Client, id: number, pageSize = 10, page: number | string = 1) => c.get<List>(`/tale/nearby/${id}/${pageSize}/${page}`);

  it('lists the tales pinned nearest to a tale, nearest first, with their distance, never itself', async () => {
    const a = await nearby(visitor, t.kremlin.id, 3);
    expect(a.status).toBe(200);
    expect(ids(a)).toEqual([t.adult.id, t.hiddenHeader.id, t.park.id]);
    // metres along the Earth's surface: the club is about 900 m north of the Kremlin
    expect(a.body.data.tale[0].distance).toBeGreaterThan(850);
    expect(a.body.data.tale[0].distance).toBeLessThan(950);
    const ds = a.body.data.tale.map((x) => x.distance ?? -1);
    expect([...ds].sort((x, y) => x - y)).toEqual(ds);
    // readers see the members-only bridge too; drafts and the rest never
    const r = await nearby(other, t.kremlin.id, 50);
    expect(ids(r)).toContain(t.members.id);
    expect(ids(r)).not.toContain(t.kremlin.id);
    for (const hidden of [t.draft, t.scheduled, t.noMap, t.nowhere, t.plain]) expect(ids(r)).not.toContain(hidden.id);
    expect(r.body.meta.tale).toMatchObject({ rowsTotal: ids(r).length });
  });

  it('finds neighbours across the antimeridian, by their distance on the ground', async () => {
    const a = await nearby(visitor, t.fijiEast.id, 1);
    expect(ids(a)).toEqual([t.fijiWest.id]);
    // 0.1° of latitude and 0.7° of longitude at 16.5° south: about 76 km, not a turn of the globe
    expect(a.body.data.tale[0].distance).toBeGreaterThan(70_000);
    expect(a.body.data.tale[0].distance).toBeLessThan(80_000);
    expect(ids(await nearby(visitor, t.fijiWest.id, 1))).toEqual([t.fijiEast.id]);
  });

  it('answers for a tale as the tale itself does: 404 unknown, 401 members-only to a visitor, hidden ones 403/404; empty without a map', async () => {
    expect((await nearby(visitor, 2_000_000)).status).toBe(404);
    expect((await nearby(visitor, t.members.id)).status).toBe(401);
    expect((await nearby(author, t.members.id)).status).toBe(200);
    const draftToOther = await nearby(other, t.draft.id);
    expect([403, 404]).toContain(draftToOther.status);
    expect((await nearby(visitor, t.draft.id)).status).toBeGreaterThanOrEqual(401);
    // the author sees their own draft's neighbours
    expect((await nearby(author, t.draft.id)).status).toBe(200);
    const none = await nearby(visitor, t.plain.id);
    expect(none.body.data.tale).toEqual([]);
    expect(none.body.meta.tale).toMatchObject({ rowsTotal: 0 });
    expect((await nearby(visitor, t.noMap.id)).body.data.tale).toEqual([]);
    // a comment has no place of its own; one under a members-only tale is as closed as the tale
    const comment = await other.post<Tale>('/tale/upsert', {
      answer_to_tale_id: t.members.id,
      body: '<p>Hi</p>',
      form_id: 'actionCommentAdd',
    });
    expect(comment.body.meta.alina_response_success).toBe(1);
    expect((await nearby(visitor, comment.body.data.id)).status).toBe(401);
    expect((await nearby(author, comment.body.data.id)).body.data.tale).toEqual([]);
    const bad = await visitor.get<List>('/tale/nearby/abc/10/1');
    expect(bad.status).toBe(200);
    expect(bad.body.meta.alina_response_success).toBe(0);
    expect(bad.body.messages[0].field).toBe('id');
  });
});
