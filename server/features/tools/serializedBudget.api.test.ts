import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { SerializedEditResult } from '../../../common/schemas/admin';
import { Client, type TestApp, startApp, templatesOf } from '../../test/harness';

/**
 * The serialized-data tool is open to everyone, so the whole work of one request is bounded:
 * adversarial data answers quickly with an envelope naming the field, never a 5xx or a held core.
 * The app runs in this process, so process.cpuUsage() around a request counts the server's work.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const edit = (data: string, search?: string, replace = '') =>
  new Client(app.url).post<SerializedEditResult>('/tools/SerializedDataEditor', { data, search, replace, form_id: 'actionEdit' });

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const str = (s: string) => `s:${bytes(s)}:"${s}";`;

/** Serialized data inside a string inside a string ..., `levels` deep. */
function chain(levels: number, core = 's:1:"x";'): string {
  let s = core;
  for (let i = 0; i < levels; i++) s = str(s);
  return s;
}
/** A chain grown until it is at least `size` bytes long. */
function chainOfSize(size: number): string {
  let s = 's:1:"x";';
  while (bytes(s) < size) s = str(s);
  return s;
}
const deepArrays = (levels: number) => `${'a:1:{i:0;'.repeat(levels)}N;${'}'.repeat(levels)}`;

/** CPU spent by this process (server and client) while the request runs, in ms. */
async function measured(data: string, search?: string, replace?: string) {
  // settle what came before (the previous request's garbage, timers), then measure this one
  await new Promise((r) => setTimeout(r, 20));
  const before = process.cpuUsage();
  const started = performance.now();
  const answer = await edit(data, search, replace);
  const cpu = process.cpuUsage(before);
  return { answer, cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - started };
}

/**
 * The best of three: a request's CPU time grows when the machine is busy (two cores shared with
 * other test files, the garbage of the request before, a slower phase of the VM): one request of
 * the same megabyte took 86 ms in one run and 161 ms in the next. The server's own 50 ms budget
 * may then refuse an ordinary one. What these tests guard against, work that grows faster than
 * the input, is slow every time.
 */
async function measuredBest(data: string, search?: string, replace?: string) {
  let best = await measured(data, search, replace);
  for (let i = 1; i < 3; i++) {
    const next = await measured(data, search, replace);
    const bestOk = best.answer.body.meta.alina_response_success === 1;
    const nextOk = next.answer.body.meta.alina_response_success === 1;
    if ((nextOk && !bestOk) || (nextOk === bestOk && next.cpuMs < best.cpuMs)) best = next;
  }
  return best;
}

const CPU_CEILING_MS = 150;

/** The body limit is 1 MiB; the JSON around the data takes a few dozen bytes. */
const NEAR_LIMIT = 1024 * 1024 - 200;

const adversarial: [string, () => [string, string?, string?]][] = [
  ['arrays nested 6,000 deep', () => [deepArrays(6000)]],
  ['a 42 KB chain of serialized data inside strings (re-parsed at every level)', () => [chainOfSize(42_000)]],
  ['a 42 KB chain, searched and replaced', () => [chainOfSize(42_000), 'x', 'yy']],
  ['a chain of serialized strings 6,000 deep', () => [chain(6000)]],
  [
    'a crafted 60 KB array of many strings, each a chain just under the depth limit',
    () => {
      const one = chain(60);
      const n = Math.ceil(60_000 / bytes(one));
      return [`a:${n}:{${Array.from({ length: n }, (_, i) => `i:${i};${str(one)}`).join('')}}`, 'x', 'y'];
    },
  ],
  [
    'a flat array near the body limit',
    () => {
      const parts: string[] = [];
      let size = 20;
      let n = 0;
      while (size < NEAR_LIMIT - 40) {
        const p = `i:${n};N;`;
        parts.push(p);
        size += p.length;
        n++;
      }
      return [`a:${n}:{${parts.join('')}}`];
    },
  ],
  [
    'a string near the body limit whose replacement would grow it ten-thousandfold',
    () => {
      const v = 'a'.repeat(NEAR_LIMIT - 10_100);
      return [str(v), 'a', 'b'.repeat(10_000)];
    },
  ],
  [
    'JSON nested 500,000 deep inside a string near the body limit, searched',
    () => {
      const depth = Math.floor((NEAR_LIMIT - 100) / 2);
      const j = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
      return [str(j), '1', '2'];
    },
  ],
  [
    'JSON nested 500,000 deep inside a string near the body limit, not searched',
    () => {
      const depth = Math.floor((NEAR_LIMIT - 100) / 2);
      return [str(`${'['.repeat(depth)}${']'.repeat(depth)}`)];
    },
  ],
  [
    'a string near the body limit wrapped in serialized strings 100 times (each level re-read)',
    () => {
      // each level adds two quotes, escaped in the JSON body, and a length prefix
      let s = str('x'.repeat(NEAR_LIMIT - 100 * 20));
      for (let i = 0; i < 100; i++) s = str(s);
      return [s];
    },
  ],
];

describe('SerializedDataEditor bounds the work of one request', () => {
  it.each(adversarial)('%s: a quick envelope naming the field data', async (_name, make) => {
    const [data, search, replace] = make();
    const { answer, cpuMs, wallMs } = await measuredBest(data, search, replace);
    console.log(
      `${_name}: ${bytes(data)} bytes, cpu ${cpuMs.toFixed(1)} ms, wall ${wallMs.toFixed(1)} ms: ${answer.body.messages[0]?.text}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(answer)).toEqual([MSG.serializedTooComplex]);
    expect(answer.body.messages[0].field).toBe('data');
    expect(answer.body.messages[0].status).toBe(3);
    expect(cpuMs).toBeLessThan(CPU_CEILING_MS);
  });

  it('keeps ordinary nested data: serialized strings a few levels deep, within the limits, round-trip byte-exactly', async () => {
    const inner = `a:2:{s:3:"url";${str('http://old.example/ы')}s:4:"deep";${str(chain(5, str('http://old.example/')))}}`;
    const data = `a:2:{s:7:"options";${str(inner)}s:4:"json";${str('{"u":"http://old.example/","n":[1,2,{"u":"http://old.example/"}]}')}}`;
    const same = await edit(data);
    expect(same.body.meta.alina_response_success).toBe(1);
    expect(same.body.data.result).toBe(data);
    const { answer, cpuMs } = await measuredBest(data, 'http://old.example/', 'https://new.example.org/');
    expect(answer.body.meta.alina_response_success).toBe(1);
    expect(answer.body.data.replacements).toBe(4);
    expect(answer.body.data.result).not.toContain('old.example');
    expect((await edit(answer.body.data.result)).body.data.result).toBe(answer.body.data.result);
    expect(cpuMs).toBeLessThan(CPU_CEILING_MS);
  });

  it('searches in linear time: a periodic 10,000-character search over 500 KB answers quickly', async () => {
    // indexOf and split compare almost the whole search text at every position of such text
    const search = `${'a'.repeat(5000)}b${'a'.repeat(4999)}`;
    const data = str('a'.repeat(500_000));
    const { answer, cpuMs, wallMs } = await measuredBest(data, search, 'x');
    console.log(`periodic search: ${bytes(data)} bytes, cpu ${cpuMs.toFixed(1)} ms, wall ${wallMs.toFixed(1)} ms`);
    expect(answer.body.meta.alina_response_success).toBe(1);
    expect(answer.body.data.replacements).toBe(0);
    expect(answer.body.data.result).toBe(data);
    expect(cpuMs).toBeLessThan(CPU_CEILING_MS);
  });

  it('keeps a large ordinary value: a 200 KB array of strings round-trips within the CPU ceiling', async () => {
    const n = 2000;
    const data = `a:${n}:{${Array.from({ length: n }, (_, i) => `i:${i};${str(`value ${i} ${'é'.repeat(40)}`)}`).join('')}}`;
    const { answer, cpuMs } = await measuredBest(data);
    expect(answer.body.meta.alina_response_success).toBe(1);
    expect(answer.body.data.result).toBe(data);
    expect(cpuMs).toBeLessThan(CPU_CEILING_MS);
  });
});
