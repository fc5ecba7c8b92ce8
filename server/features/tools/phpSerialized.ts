import { performance } from 'node:perf_hooks';
import type { SerializedNode } from '../../../common/schemas/admin';

/**
 * PHP's serialize() format, read and written byte-exactly: string lengths count UTF-8 bytes,
 * integer keys stay integers, objects keep their class. (The php-serialize package turns integer
 * keys into strings and adds properties to unknown classes, so a round trip would change data.)
 * Nothing is ever instantiated or executed.
 *
 * The tool is open to everyone, so the whole work of one edit is bounded by one Budget: depth
 * counted across nesting (serialized data and JSON inside strings included), values read, bytes
 * parsed and written over all nested levels (each string is read once per pass, never once per
 * level above it), replacements made, and CPU and wall-clock time checked as it goes. Recursion
 * never goes deeper than the depth limit, so no input can overflow the stack; string search is
 * linear (KMP), so no search text can make it quadratic.
 */
export class SerializedParseError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
  }
}

/** The data is readable but over a limit of the work one request may cost. */
export class SerializedLimitError extends Error {}

export interface SerializedLimits {
  /** Levels of arrays, objects, serialized data inside strings and JSON inside strings, counted together. */
  maxDepth: number;
  /** Values read, nested data and JSON inside strings included. */
  maxNodes: number;
  /** Bytes parsed and written over the whole edit, each nested level counted again: this multiple of the input... */
  workFactor: number;
  /** ...and never less than this. */
  minWorkBytes: number;
  /** Occurrences of the search text replaced. */
  maxReplacements: number;
  /** CPU milliseconds for the whole edit, checked as it goes. */
  cpuMs: number;
  /** Wall-clock milliseconds for the whole edit: holds the event loop at most this long on a busy machine. */
  wallMs: number;
}

export const SERIALIZED_LIMITS: SerializedLimits = {
  maxDepth: 64,
  maxNodes: 20_000,
  workFactor: 8,
  minWorkBytes: 256 * 1024,
  maxReplacements: 50_000,
  cpuMs: 50,
  wallMs: 500,
};

type CpuClock = () => NodeJS.CpuUsage;
const threadCpuUsage = (process as unknown as { threadCpuUsage?: CpuClock }).threadCpuUsage?.bind(process);
const msOf = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

/**
 * The CPU this thread spent since `startCpu` / `startWall`. Node 23.9+ tells it. Before that only
 * the whole process's CPU is known, which also counts other threads (the garbage collector's
 * helpers, worker threads), so a request alone could be refused for their work; this thread's CPU
 * is at most that and at most the wall time passed, so the smaller of the two is what is charged.
 */
function cpuSpent(startCpu: number, startWall: number): number {
  if (threadCpuUsage) return msOf(threadCpuUsage()) - startCpu;
  return Math.min(msOf(process.cpuUsage()) - startCpu, performance.now() - startWall);
}
const cpuNow = () => msOf(threadCpuUsage ? threadCpuUsage() : process.cpuUsage());

/** How much one edit may still do; every step of every pass draws on it. */
export class Budget {
  private nodes = 0;
  private work = 0;
  private ticks = 0;
  private readonly maxWork: number;
  private readonly startCpu = cpuNow();
  private readonly startWall = performance.now();

  constructor(
    readonly limits: SerializedLimits,
    inputBytes: number,
  ) {
    this.maxWork = Math.max(limits.minWorkBytes, limits.workFactor * inputBytes);
  }

  depth(depth: number) {
    if (depth > this.limits.maxDepth)
      throw new SerializedLimitError(`it nests more than ${this.limits.maxDepth} levels deep (data inside strings counts too)`);
  }

  node(count = 1) {
    this.nodes += count;
    if (this.nodes > this.limits.maxNodes) throw new SerializedLimitError(`it holds more than ${this.limits.maxNodes} values`);
    this.tick(count);
  }

  bytes(n: number) {
    this.work += n;
    if (this.work > this.maxWork) throw new SerializedLimitError('it holds too much data inside strings to read and write again');
    this.tick(1 + (n >> 12));
  }

  /** Counts a step towards the next look at the clock. */
  tick(weight = 1) {
    this.ticks += weight;
    if (this.ticks < 256) return;
    this.ticks = 0;
    if (cpuSpent(this.startCpu, this.startWall) > this.limits.cpuMs || performance.now() - this.startWall > this.limits.wallMs)
      throw new SerializedLimitError('it takes too long to process');
  }
}

class Reader {
  pos = 0;
  constructor(
    readonly buf: Buffer,
    readonly budget: Budget,
  ) {}

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
    this.budget.depth(depth);
    this.budget.node();
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

/** Reads bytes of serialized data whose outermost value sits at `depth`, drawing on `budget`. */
function readAll(buf: Buffer, budget: Budget, depth: number): SerializedNode {
  budget.bytes(buf.length);
  const r = new Reader(buf, budget);
  const node = r.value(depth);
  if (r.pos !== r.buf.length) r.fail('Unexpected data after the value');
  return node;
}

export function parseSerialized(text: string, limits: SerializedLimits = SERIALIZED_LIMITS): SerializedNode {
  const buf = Buffer.from(text, 'utf8');
  return readAll(buf, new Budget(limits, buf.length), 0);
}

const str = (s: string) => `s:${Buffer.byteLength(s, 'utf8')}:"${s}";`;
const key = (k: string | number) => (typeof k === 'number' ? `i:${k};` : str(k));
function float(v: number): string {
  if (Number.isNaN(v)) return 'NAN';
  if (v === Number.POSITIVE_INFINITY) return 'INF';
  if (v === Number.NEGATIVE_INFINITY) return '-INF';
  return String(v);
}

/** Writes a tree; its recursion is as deep as the tree, which a Budget kept within the depth limit. */
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

/**
 * Depth and rough count of values of text that may be JSON, in one pass without recursion, or
 * null when its brackets do not even pair up (then it is not JSON). JSON.parse cannot be
 * interrupted and is slow on deep nesting, so it only sees text whose size this has bounded.
 */
function jsonShape(t: string): { depth: number; values: number } | null {
  const open: number[] = [];
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      open.push(c + 2); // ] and } follow [ and { by two code points
      if (open.length > depth) depth = open.length;
    } else if (c === 0x5d || c === 0x7d) {
      if (open.pop() !== c) return null;
    } else if (c === 0x2c || c === 0x3a) values++;
  }
  return open.length || inString ? null : { depth, values };
}

type StringNode = Extract<SerializedNode, { type: 'string' }>;
/** What a string holds: serialized data (read one level deeper), JSON, or neither. */
type Inner = { serialized: SerializedNode } | { json: unknown } | null;

const looksSerialized = (s: string) => /^(a|O|s|i|d|b):|^N;$/.test(s);

/** One edit: what strings hold is read once per string, and every step draws on one Budget. */
class Edit {
  private readonly inner = new WeakMap<StringNode, Inner>();
  replacements = 0;

  constructor(
    readonly budget: Budget,
    readonly search: string,
    readonly replace: string,
  ) {}

  /** A string that is itself serialized data (as PHP apps often nest) or JSON; `depth` is the string's. */
  look(node: StringNode, depth: number): Inner {
    const known = this.inner.get(node);
    if (known !== undefined) return known;
    const found = this.read(node.value, depth);
    this.inner.set(node, found);
    return found;
  }

  private read(s: string, depth: number): Inner {
    if (looksSerialized(s)) {
      try {
        return { serialized: readAll(Buffer.from(s, 'utf8'), this.budget, depth + 1) };
      } catch (e) {
        // data that merely starts like serialized data is a plain string; a limit is a limit
        if (e instanceof SerializedParseError) return null;
        throw e;
      }
    }
    const t = s.trim();
    if (!(t.startsWith('{') || t.startsWith('['))) return null;
    this.budget.bytes(t.length);
    const shape = jsonShape(t);
    if (!shape) return null;
    // the outermost container sits one level below the string
    this.budget.depth(depth + shape.depth);
    this.budget.node(shape.values);
    try {
      return { json: JSON.parse(t) };
    } catch {
      return null;
    }
  }

  /** Marks strings that hold serialized data or JSON, so the tree shows what is inside. */
  annotate(node: SerializedNode, depth: number): SerializedNode {
    this.budget.tick();
    if (node.type === 'string') {
      const inner = this.look(node, depth);
      if (inner && 'serialized' in inner) return { ...node, nested: this.annotate(inner.serialized, depth + 1) };
      if (inner && 'json' in inner) return { ...node, json: true };
      return node;
    }
    if (node.type === 'array' || node.type === 'object')
      return { ...node, entries: node.entries.map((e) => ({ key: e.key, value: this.annotate(e.value, depth + 1) })) };
    return node;
  }

  /** The search text's KMP failure table: for each prefix, the longest proper prefix that is also its suffix. */
  private fail: Int32Array | null = null;

  /**
   * Where the search text occurs in `s`, left to right without overlaps (what split finds), in
   * time linear in both. (indexOf and split take seconds on periodic text such as a 10,000-char
   * search 'aaa…b…aaa' over a megabyte of 'a'.)
   */
  private occurrences(s: string): number[] {
    const p = this.search;
    const m = p.length;
    if (!this.fail) {
      const fail = new Int32Array(m);
      for (let i = 1, k = 0; i < m; i++) {
        const c = p.charCodeAt(i);
        while (k > 0 && p.charCodeAt(k) !== c) k = fail[k - 1];
        if (p.charCodeAt(k) === c) k++;
        fail[i] = k;
      }
      this.fail = fail;
    }
    const fail = this.fail;
    const max = this.budget.limits.maxReplacements;
    const found: number[] = [];
    for (let i = 0, k = 0; i < s.length; i++) {
      if ((i & 0xffff) === 0xffff) this.budget.tick(256);
      const c = s.charCodeAt(i);
      while (k > 0 && p.charCodeAt(k) !== c) k = fail[k - 1];
      if (p.charCodeAt(k) === c) k++;
      if (k === m) {
        found.push(i - m + 1);
        k = 0;
        if (found.length + this.replacements > max) throw new SerializedLimitError(`the search text occurs more than ${max} times`);
      }
    }
    return found;
  }

  /** `s` with every occurrence of the search text replaced, its growth and count drawn on the budget. */
  private replaceText(s: string): string {
    const found = this.occurrences(s);
    if (!found.length) return s;
    const { search, replace } = this;
    this.budget.bytes(s.length + found.length * Math.max(replace.length - search.length, 0));
    this.replacements += found.length;
    const parts: string[] = [];
    let from = 0;
    for (const at of found) {
      parts.push(s.slice(from, at));
      from = at + search.length;
    }
    parts.push(s.slice(from));
    return parts.join(replace);
  }

  /** Replaces in the strings of parsed JSON whose containers' depth jsonShape checked; checked again here. */
  private replaceInJson(v: unknown, depth: number): unknown {
    this.budget.tick();
    if (typeof v === 'string') return this.replaceText(v);
    if (v === null || typeof v !== 'object') return v;
    this.budget.depth(depth);
    if (Array.isArray(v)) return v.map((x) => this.replaceInJson(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.replaceInJson(x, depth + 1)]));
  }

  private written(node: SerializedNode): string {
    const s = writeSerialized(node);
    this.budget.bytes(s.length);
    return s;
  }

  /**
   * Replaces the search text in every string value, reaching into strings that hold serialized
   * data or JSON, and writes lengths anew. Keys and class names are left alone. A string left as
   * it was stays the same node, so what it holds is not read again.
   */
  replaceIn(node: SerializedNode, depth: number): SerializedNode {
    this.budget.tick();
    switch (node.type) {
      case 'string': {
        const inner = this.look(node, depth);
        let value = node.value;
        // what a rewritten string holds is known, so annotating the edited tree reads nothing again
        let holds: Inner = null;
        if (inner && 'serialized' in inner) {
          const edited = this.replaceIn(inner.serialized, depth + 1);
          value = this.written(edited);
          holds = { serialized: edited };
        } else if (inner && 'json' in inner) {
          const before = this.replacements;
          const edited = this.replaceInJson(inner.json, depth + 1);
          if (this.replacements > before) {
            value = JSON.stringify(edited);
            this.budget.bytes(value.length);
          }
          holds = { json: edited };
        } else value = this.replaceText(node.value);
        if (value === node.value) return node;
        const next: StringNode = { type: 'string', value };
        // a plain string the replacement changed is looked at afresh: it may now hold data
        if (holds) this.inner.set(next, holds);
        return next;
      }
      case 'array':
      case 'object':
        return { ...node, entries: node.entries.map((e) => ({ key: e.key, value: this.replaceIn(e.value, depth + 1) })) };
      default:
        return node;
    }
  }

  result(node: SerializedNode): string {
    return this.written(node);
  }
}

/**
 * Parses serialized data, replaces `search` in its values when given, and answers the annotated
 * tree, the data written again and the count of replacements. Throws SerializedParseError for
 * data that is not serialized, SerializedLimitError for data over the limits of one request.
 */
export function editSerialized(
  data: string,
  search: string | undefined,
  replace: string,
  limits: SerializedLimits = SERIALIZED_LIMITS,
): { tree: SerializedNode; result: string; replacements: number } {
  const buf = Buffer.from(data, 'utf8');
  const budget = new Budget(limits, buf.length);
  const tree = readAll(buf, budget, 0);
  const edit = new Edit(budget, search ?? '', replace);
  const edited = search ? edit.replaceIn(tree, 0) : tree;
  return { tree: edit.annotate(edited, 0), result: edit.result(edited), replacements: edit.replacements };
}
