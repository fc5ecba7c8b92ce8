import type { SerializedNode } from '../../../common/schemas/admin';

/**
 * PHP's serialize() format, read and written byte-exactly: string lengths count UTF-8 bytes,
 * integer keys stay integers, objects keep their class. (The php-serialize package turns integer
 * keys into strings and adds properties to unknown classes, so a round trip would change data.)
 * Nothing is ever instantiated or executed.
 */
export class SerializedParseError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
  }
}

const MAX_DEPTH = 64;

class Reader {
  pos = 0;
  constructor(readonly buf: Buffer) {}

  fail(message: string): never {
    throw new SerializedParseError(message, this.pos);
  }

  expect(ch: string) {
    if (this.buf[this.pos] !== ch.charCodeAt(0)) this.fail(`Expected '${ch}'`);
    this.pos++;
  }

  readUntil(ch: string): string {
    const end = this.buf.indexOf(ch.charCodeAt(0), this.pos);
    if (end < 0) this.fail(`Expected '${ch}'`);
    const s = this.buf.toString('latin1', this.pos, end);
    this.pos = end + 1;
    return s;
  }

  readInt(terminator: string): number {
    const s = this.readUntil(terminator);
    if (!/^[+-]?\d+$/.test(s)) this.fail(`Not an integer: ${s}`);
    return Number(s);
  }

  readLengthString(): string {
    const len = this.readInt(':');
    this.expect('"');
    if (len < 0 || this.pos + len > this.buf.length) this.fail('String length runs past the end');
    const s = this.buf.toString('utf8', this.pos, this.pos + len);
    this.pos += len;
    this.expect('"');
    return s;
  }

  value(depth: number): SerializedNode {
    if (depth > MAX_DEPTH) this.fail('Nested too deeply');
    const type = String.fromCharCode(this.buf[this.pos] ?? 0);
    this.pos++;
    switch (type) {
      case 'N':
        this.expect(';');
        return { type: 'null' };
      case 'b': {
        this.expect(':');
        const v = this.readInt(';');
        if (v !== 0 && v !== 1) this.fail('A boolean must be 0 or 1');
        return { type: 'bool', value: v === 1 };
      }
      case 'i':
        this.expect(':');
        return { type: 'int', value: this.readInt(';') };
      case 'd': {
        this.expect(':');
        const s = this.readUntil(';');
        const value =
          s === 'INF' ? Number.POSITIVE_INFINITY : s === '-INF' ? Number.NEGATIVE_INFINITY : s === 'NAN' ? Number.NaN : Number(s);
        if (Number.isNaN(value) && s !== 'NAN') this.fail(`Not a number: ${s}`);
        return { type: 'float', value };
      }
      case 's': {
        this.expect(':');
        const value = this.readLengthString();
        this.expect(';');
        return { type: 'string', value };
      }
      case 'a': {
        this.expect(':');
        const entries = this.entries(depth);
        return { type: 'array', entries };
      }
      case 'O': {
        this.expect(':');
        const className = this.readLengthString();
        this.expect(':');
        return { type: 'object', className, entries: this.entries(depth) };
      }
      default:
        return this.fail(`Unsupported type '${type}'`);
    }
  }

  entries(depth: number): { key: string | number; value: SerializedNode }[] {
    const count = this.readInt(':');
    this.expect('{');
    const out: { key: string | number; value: SerializedNode }[] = [];
    for (let i = 0; i < count; i++) {
      const k = this.value(depth + 1);
      if (k.type !== 'int' && k.type !== 'string') this.fail('A key must be an integer or a string');
      out.push({ key: k.value, value: this.value(depth + 1) });
    }
    this.expect('}');
    return out;
  }
}

export function parseSerialized(text: string): SerializedNode {
  const r = new Reader(Buffer.from(text, 'utf8'));
  const node = r.value(0);
  if (r.pos !== r.buf.length) r.fail('Unexpected data after the value');
  return node;
}

const str = (s: string) => `s:${Buffer.byteLength(s, 'utf8')}:"${s}";`;
const key = (k: string | number) => (typeof k === 'number' ? `i:${k};` : str(k));
function float(v: number): string {
  if (Number.isNaN(v)) return 'NAN';
  if (v === Number.POSITIVE_INFINITY) return 'INF';
  if (v === Number.NEGATIVE_INFINITY) return '-INF';
  return String(v);
}

export function writeSerialized(node: SerializedNode): string {
  switch (node.type) {
    case 'null':
      return 'N;';
    case 'bool':
      return `b:${node.value ? 1 : 0};`;
    case 'int':
      return `i:${node.value};`;
    case 'float':
      return `d:${float(node.value)};`;
    case 'string':
      return str(node.value);
    case 'array':
      return `a:${node.entries.length}:{${node.entries.map((e) => key(e.key) + writeSerialized(e.value)).join('')}}`;
    case 'object':
      return `O:${Buffer.byteLength(node.className, 'utf8')}:"${node.className}":${node.entries.length}:{${node.entries.map((e) => key(e.key) + writeSerialized(e.value)).join('')}}`;
  }
}

/** A string that is itself serialized data (as PHP apps often nest), or null. */
function nestedSerialized(s: string): SerializedNode | null {
  if (!/^(a|O|s|i|d|b):|^N;$/.test(s)) return null;
  try {
    return parseSerialized(s);
  } catch {
    return null;
  }
}

function nestedJson(s: string): unknown | null {
  const t = s.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return null;
  try {
    return JSON.parse(t);
  } catch {
    return null;
  }
}

/** Marks strings that hold serialized data or JSON, so the tree shows what is inside. */
export function annotate(node: SerializedNode): SerializedNode {
  if (node.type === 'string') {
    const nested = nestedSerialized(node.value);
    if (nested) return { ...node, nested: annotate(nested) };
    if (nestedJson(node.value) !== null) return { ...node, json: true };
    return node;
  }
  if (node.type === 'array' || node.type === 'object')
    return { ...node, entries: node.entries.map((e) => ({ key: e.key, value: annotate(e.value) })) };
  return node;
}

function replaceInJson(v: unknown, search: string, replace: string, counter: { n: number }): unknown {
  if (typeof v === 'string') return replaceText(v, search, replace, counter);
  if (Array.isArray(v)) return v.map((x) => replaceInJson(x, search, replace, counter));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceInJson(x, search, replace, counter)]));
  return v;
}

function replaceText(s: string, search: string, replace: string, counter: { n: number }): string {
  const parts = s.split(search);
  counter.n += parts.length - 1;
  return parts.join(replace);
}

/**
 * Replaces `search` in every string value, reaching into strings that hold serialized data or
 * JSON, and writes lengths anew. Keys and class names are left alone.
 */
export function replaceInValues(node: SerializedNode, search: string, replace: string, counter = { n: 0 }): SerializedNode {
  if (!search) return node;
  switch (node.type) {
    case 'string': {
      const nested = nestedSerialized(node.value);
      if (nested) return { type: 'string', value: writeSerialized(replaceInValues(nested, search, replace, counter)) };
      const json = nestedJson(node.value);
      if (json !== null) {
        const before = counter.n;
        const next = replaceInJson(json, search, replace, counter);
        return { type: 'string', value: counter.n > before ? JSON.stringify(next) : node.value };
      }
      return { type: 'string', value: replaceText(node.value, search, replace, counter) };
    }
    case 'array':
    case 'object':
      return { ...node, entries: node.entries.map((e) => ({ key: e.key, value: replaceInValues(e.value, search, replace, counter) })) };
    default:
      return node;
  }
}
