/**
 * The words and hashtags of every listed tale, held in this server's memory (SEARCH_ENGINE=memory,
 * docs/decisions.md, "Search at a million tales"): for each word, the tales it is in. A search takes
 * the tales in all its terms (the last word as a prefix), keeps those the reader may see now, and
 * orders them as the feed does. The words are the database's own (the lexemes of `search_vector`,
 * as `to_tsvector('simple', …)` made them), so a tale is found by exactly what the database's search
 * finds it by; memory-search.ts keeps it up to date.
 *
 * Layout: every tale put in gets the next free slot, and a word's list holds slots in increasing
 * order (lists are only appended to). A tale written again gets a new slot and its old one is
 * marked gone; once a quarter of the slots are gone they are dropped and the rest renumbered in
 * the same order (compact).
 */

export interface IndexedTale {
  id: number;
  owner: number;
  sticky: number;
  publishAt: number;
  /** Registered readers only (is_for_registered). */
  members: boolean;
  /** The lexemes of its search text. */
  words: readonly string[];
  tags: readonly string[];
}

export interface IndexReader {
  signedIn: boolean;
  /** Seconds: tales published later are not shown yet. */
  now: number;
}

export interface IndexQuery {
  /** All must be in a tale; the last one as the start of a word. */
  words: readonly string[];
  /** All must be among a tale's hashtags. */
  tags: readonly string[];
}

const ALIVE = 1;
const MEMBERS = 2;
/**
 * How far behind a reader's time the index settles (see `settled`), in seconds: a search that began
 * a moment before another one and reaches the index after it still reads the bits.
 */
const SETTLE_BEHIND = 2;
/**
 * The feed's order as a day a slot (`day`), greater first: sticky ones above all, then by the day
 * they are published (days before 1970 as day 0, after 2149 as its last day). Never in the wrong
 * order, but equal for tales the feed tells apart: equal ones are compared the exact way.
 */
const STICKY_DAY = 0xffff;
function dayOf(sticky: boolean, publishAt: number): number {
  if (sticky) return STICKY_DAY;
  const day = Math.floor(publishAt / 86_400) + 1;
  return day < 0 ? 0 : day > STICKY_DAY - 1 ? STICKY_DAY - 1 : day;
}
/**
 * A page is found by keeping the first `offset + limit` matches in one pass over them (a page near
 * the start of many matches), or else by sorting them all (few matches, or a deep page).
 */
const KEEP_FIRST_UP_TO = 1_024;
/** A list in one of this many slots or more is also kept as bits (see SlotList.bits), when it has DENSE_LIST_MIN slots. */
const DENSE = 64;
const DENSE_LIST_MIN = 1_024;
const SORT_ALL_BELOW = 4_096;
/** How many prefixes' merged bits are kept (each one bit a slot of capacity: up to 256 KB at a million tales). */
const MERGED_PREFIXES_MAX = 256;

/** Marks `slot` in a set of bits (one bit a slot). */
function setBit(bits: Uint32Array, slot: number) {
  bits[slot >>> 5] |= 1 << (slot & 31);
}

/** Unmarks `slot` in a set of bits. */
function clearBit(bits: Uint32Array, slot: number) {
  bits[slot >>> 5] &= ~(1 << (slot & 31));
}

/** Whether `slot` is marked in a set of bits. */
function hasBit(bits: Uint32Array, slot: number): boolean {
  return (bits[slot >>> 5] & (1 << (slot & 31))) !== 0;
}

/** An append-only list of slots in a typed array that doubles as it fills. */
class SlotList {
  items = new Int32Array(2);
  length = 0;
  /**
   * The same slots as bits, for a list holding at least one slot in DENSE (whose bits take no more
   * room than the list): whether a tale is in it is one read, whatever the list's length.
   */
  bits: Uint32Array | null = null;
  /** A word's number (its place in `wordMarks`), -1 for a hashtag. */
  constructor(readonly word = -1) {}
  push(slot: number) {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = slot;
    if (this.bits) setBit(this.bits, slot);
  }
  /** Whether the list now deserves bits (or no longer, `capacity` slots on): dense enough, and long enough to matter. */
  fitBits(capacity: number) {
    const dense = this.length >= DENSE_LIST_MIN && this.length * DENSE >= capacity;
    if (!dense) {
      this.bits = null;
      return;
    }
    if (this.bits && this.bits.length * 32 >= capacity) return;
    const bits = new Uint32Array(Math.ceil(capacity / 32));
    for (let i = 0; i < this.length; i++) setBit(bits, this.items[i]);
    this.bits = bits;
  }
  has(slot: number): boolean {
    let lo = 0;
    let hi = this.length;
    const a = this.items;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (a[mid] < slot) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.length && a[lo] === slot;
  }
}

function grow<T extends Int32Array | Uint8Array | Uint16Array | Float64Array | Uint32Array>(a: T, size: number): T {
  if (a.length >= size) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2));
  next.set(a);
  return next;
}

/** The index of the first of `sorted` (code-unit order, as `<` compares) not below `key`. */
export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class WordIndex {
  private ids = new Int32Array(1024);
  private owners = new Int32Array(1024);
  private sticky = new Uint8Array(1024);
  private publishAt = new Float64Array(1024);
  private flags = new Uint8Array(1024);
  /**
   * What the visibility pass reads, one bit a slot for each kind of reader: the tale is there and
   * this kind of reader is shown it at any time from `settled` on. 125 KB a kind at a million
   * tales, small enough to stay in the processor's caches, where a number a slot did not.
   */
  private visitorsSee = new Uint32Array(32);
  private membersSee = new Uint32Array(32);
  /**
   * The time (seconds) up to which every tale there is settled: one published by then has its bits
   * in `visitorsSee` and `membersSee`; one published later (scheduled, or put in after the index
   * last settled) is in `pending`, its slot marked in `pendingBits`, and checked the exact way. A
   * search moves it on to a little before its reader's time; a search for an earlier time than it
   * (a reader's clock behind) checks every match the exact way.
   */
  private settled = -Infinity;
  private pending: number[] = [];
  private pendingBits = new Uint32Array(32);
  /** The earliest time of the tales in `pending`. */
  private nextDue = Infinity;
  /** The feed's order as a day (dayOf): a match from a day before a page's last kept costs one small read. */
  private day = new Uint16Array(1024);
  /**
   * Scratch marks for intersections: a slot is in the current set when its mark is the current
   * epoch. A byte a slot (cleared every 255 epochs), so the marks stay small enough for the caches.
   */
  private marks = new Uint8Array(1024);
  private epoch = 0;
  /** Where a search's matches are gathered: `matches` answers a view of it, good until the next search. */
  private scratch = new Int32Array(1024);
  private slots = 0;
  private gone = 0;
  private readonly slotOf = new Map<number, number>();
  private readonly words = new Map<string, SlotList>();
  /**
   * Each slot's words by number (`fwd` from `fwdStart[slot]` to `fwdStart[slot + 1]`): whether a few
   * tales have a word beginning with a prefix is read from their own words, not from the prefix's
   * words' lists, which can be long.
   */
  private fwd = new Int32Array(4096);
  private fwdStart = new Int32Array(1025);
  private wordCount = 0;
  private wordMarks = new Uint32Array(1024);
  private wordEpoch = 0;
  private readonly tags = new Map<string, SlotList>();
  /** The words in code-unit order (what a prefix is looked up in), and the words added since it was sorted. */
  private lexicon: string[] = [];
  private unsorted: string[] = [];
  private resort = false;
  /**
   * For a prefix that begins many words (`mergeFrom` or more), the slots of all of them as one set
   * of bits, made at its first search and kept up to date by put: a search whose other terms are
   * fewer reads one bit a tale for it instead of each tale's words ("стихи с", "is an"). Dropped
   * when slots are renumbered or the arrays grow. A set is one bit a slot of the arrays' capacity
   * (up to about twice the tales held: 256 KB at a million), at most MERGED_PREFIXES_MAX of them.
   */
  private merged = new Map<string, Uint32Array>();
  private mergedLongest = 0;

  /**
   * `mergeFrom`: how many words a prefix begins for its slots to be kept merged; `mergeFor`: how
   * many tales the other terms must have found for a prefix not yet merged to be merged (fewer
   * are checked against their own words, which costs less than merging). Tests use small ones.
   */
  constructor(
    private readonly mergeFrom = 8,
    private readonly mergeFor = 1_024,
  ) {}

  /** How many tales it holds. */
  get size(): number {
    return this.slotOf.size;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** The ids of the tales it holds by this author. */
  talesOf(owner: number): number[] {
    const out: number[] = [];
    for (const [id, slot] of this.slotOf) if (this.owners[slot] === owner) out.push(id);
    return out;
  }

  /**
   * Sorts the words put in since the last search and settles who sees what up to a little before
   * `now` (seconds): done once a whole index is read, so the first search does neither.
   */
  prepare(now: number) {
    this.sortedLexicon();
    this.settle(now);
  }

  /** Puts a tale in, in place of what it held under the same id. */
  put(tale: IndexedTale) {
    this.remove(tale.id);
    const slot = this.slots++;
    if (slot >= this.ids.length) {
      const size = slot + 1;
      this.refitBits(Math.max(size, this.ids.length * 2));
      this.dropMerged();
      this.ids = grow(this.ids, size);
      this.owners = grow(this.owners, size);
      this.sticky = grow(this.sticky, size);
      this.publishAt = grow(this.publishAt, size);
      this.flags = grow(this.flags, size);
      this.day = grow(this.day, size);
      const words = Math.ceil(this.ids.length / 32);
      this.visitorsSee = grow(this.visitorsSee, words);
      this.membersSee = grow(this.membersSee, words);
      this.pendingBits = grow(this.pendingBits, words);
    }
    this.ids[slot] = tale.id;
    this.owners[slot] = tale.owner;
    this.sticky[slot] = tale.sticky ? 1 : 0;
    this.publishAt[slot] = tale.publishAt;
    this.flags[slot] = ALIVE | (tale.members ? MEMBERS : 0);
    this.day[slot] = dayOf(tale.sticky === 1, tale.publishAt);
    this.place(slot);
    this.slotOf.set(tale.id, slot);
    const words = new Set(tale.words);
    this.fwdStart = grow(this.fwdStart, slot + 2);
    let end = this.fwdStart[slot];
    this.fwd = grow(this.fwd, end + words.size);
    for (const word of words) {
      const list = this.listOf(this.words, word, true);
      list.push(slot);
      if (!list.bits && list.length >= DENSE_LIST_MIN && list.length * DENSE >= this.ids.length) list.fitBits(this.ids.length);
      this.fwd[end++] = list.word;
      if (this.mergedLongest) {
        for (let k = Math.min(word.length, this.mergedLongest); k > 0; k--) {
          const bits = this.merged.get(word.slice(0, k));
          if (bits) setBit(bits, slot);
        }
      }
    }
    this.fwdStart[slot + 1] = end;
    for (const tag of new Set(tale.tags)) {
      const list = this.listOf(this.tags, tag, false);
      list.push(slot);
      if (!list.bits && list.length >= DENSE_LIST_MIN && list.length * DENSE >= this.ids.length) list.fitBits(this.ids.length);
    }
  }

  /** Every list's bits sized for `capacity` slots, or dropped where the list is no longer dense. */
  private refitBits(capacity: number) {
    for (const map of [this.words, this.tags])
      for (const list of map.values()) if (list.bits || list.length >= DENSE_LIST_MIN) list.fitBits(capacity);
  }

  /** Sets a live slot's bits for who sees it, or, published after `settled`, puts it in `pending`. */
  private place(slot: number) {
    const at = this.publishAt[slot];
    if (at <= this.settled) {
      setBit(this.membersSee, slot);
      if (!(this.flags[slot] & MEMBERS)) setBit(this.visitorsSee, slot);
    } else {
      this.pending.push(slot);
      setBit(this.pendingBits, slot);
      if (at < this.nextDue) this.nextDue = at;
    }
  }

  /** Moves `settled` on to SETTLE_BEHIND before a reader's `now` (never back), and the tales of `pending` published by then into the bits. */
  private settle(now: number) {
    const to = now - SETTLE_BEHIND;
    if (to <= this.settled) return;
    this.settled = to;
    if (this.nextDue > to) return;
    const waiting = this.pending;
    this.pending = [];
    this.nextDue = Infinity;
    for (const slot of waiting) {
      // a slot gone since has no pending bit (slots are not reused before compact, which starts `pending` again)
      if (!hasBit(this.pendingBits, slot)) continue;
      clearBit(this.pendingBits, slot);
      this.place(slot);
    }
  }

  remove(id: number) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.flags[slot] = 0;
    clearBit(this.visitorsSee, slot);
    clearBit(this.membersSee, slot);
    clearBit(this.pendingBits, slot);
    this.slotOf.delete(id);
    if (++this.gone > Math.max(10_000, this.slots / 4)) this.compact();
  }

  private listOf(map: Map<string, SlotList>, key: string, word: boolean): SlotList {
    let list = map.get(key);
    if (!list) {
      list = new SlotList(word ? this.wordCount++ : -1);
      map.set(key, list);
      if (word) this.unsorted.push(key);
    }
    return list;
  }

  /**
   * The slots of the tales matching `query` that the reader may see now, in no particular order
   * (their count is the search's total; `page` orders them). A view of this index's scratch array:
   * use it before the next search.
   */
  matches(query: IndexQuery, reader: IndexReader): Int32Array {
    const groups: { lists: SlotList[]; size: number; prefix?: string }[] = [];
    const { words, tags } = query;
    const add = (lists: SlotList[], prefix?: string) => groups.push({ lists, size: lists.reduce((n, l) => n + l.length, 0), prefix });
    for (let i = 0; i < words.length; i++) {
      const last = i === words.length - 1;
      const lists = last ? this.prefixed(words[i]) : this.exact(this.words, words[i]);
      if (!lists.length) return new Int32Array(0);
      add(lists, last && lists.length >= this.mergeFrom ? words[i] : undefined);
    }
    for (const tag of tags) {
      const lists = this.exact(this.tags, tag);
      if (!lists.length) return new Int32Array(0);
      add(lists);
    }
    if (!groups.length) return new Int32Array(0);
    groups.sort((a, b) => a.size - b.size);
    let found = this.union(groups[0].lists);
    for (let g = 1; g < groups.length && found.length; g++) {
      const { lists, prefix } = groups[g];
      const merged = prefix === undefined ? undefined : this.mergedBits(prefix, lists, found.length);
      found = merged ? this.withinBits(found, merged) : this.within(found, lists);
    }
    // who may see what: gone, members only, not yet published
    this.settle(reader.now);
    let n = 0;
    if (reader.now < this.settled) {
      for (let i = 0; i < found.length; i++) if (this.shown(found[i], reader)) found[n++] = found[i];
      return found.subarray(0, n);
    }
    const sees = reader.signedIn ? this.membersSee : this.visitorsSee;
    const pendingBits = this.pendingBits;
    // kept in place with no branch on whether a tale is shown (see `within`); the few pending, the exact way
    for (let i = 0; i < found.length; i++) {
      const slot = found[i];
      const word = slot >>> 5;
      found[n] = slot;
      n += (sees[word] >>> (slot & 31)) & 1;
      if (pendingBits[word] !== 0 && hasBit(pendingBits, slot) && this.shown(slot, reader)) n++;
    }
    return found.subarray(0, n);
  }

  /** Whether the reader may see the tale in this slot now, the exact way. */
  private shown(slot: number, reader: IndexReader): boolean {
    const f = this.flags[slot];
    return (f & ALIVE) !== 0 && (reader.signedIn || (f & MEMBERS) === 0) && this.publishAt[slot] <= reader.now;
  }

  /** The ids of `matches`, in no particular order. */
  idsOf(matches: Int32Array): number[] {
    return Array.from(matches, (slot) => this.ids[slot]);
  }

  /** The ids of `matches`, in the feed's order (sticky first, then newest, then higher id), from `offset`. */
  page(matches: Int32Array, offset: number, limit: number): number[] {
    const need = Math.min(matches.length, offset + limit);
    if (offset >= need) return [];
    const { sticky, publishAt, ids, day } = this;
    // a before b in the feed
    const before = (a: number, b: number) =>
      sticky[a] !== sticky[b] ? sticky[a] > sticky[b] : publishAt[a] !== publishAt[b] ? publishAt[a] > publishAt[b] : ids[a] > ids[b];
    let top: number[];
    if (need > KEEP_FIRST_UP_TO || (matches.length < SORT_ALL_BELOW && need * 8 > matches.length)) {
      top = Array.from(matches).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    } else {
      // The `need` first kept in order. Newer slots first: tales are mostly put in as they are
      // published, so after the first few most matches are older than the last kept and cost one test.
      top = [];
      // the last kept's day, read once: a match from an earlier day (most of them) costs one small read
      let last = -1;
      let lastDay = 0;
      for (let i = matches.length - 1; i >= 0; i--) {
        const slot = matches[i];
        if (last >= 0) {
          const d = day[slot];
          if (d < lastDay || (d === lastDay && !before(slot, last))) continue;
        }
        let lo = 0;
        let hi = top.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (before(top[mid], slot)) lo = mid + 1;
          else hi = mid;
        }
        top.splice(lo, 0, slot);
        if (top.length > need) top.pop();
        if (top.length === need) {
          last = top[need - 1];
          lastDay = day[last];
        }
      }
    }
    return top.slice(offset, need).map((slot) => ids[slot]);
  }

  private exact(map: Map<string, SlotList>, key: string): SlotList[] {
    const list = map.get(key);
    return list?.length ? [list] : [];
  }

  /** The lists of every word beginning with `prefix`. */
  private prefixed(prefix: string): SlotList[] {
    const lexicon = this.sortedLexicon();
    const out: SlotList[] = [];
    for (let i = lowerBound(lexicon, prefix); i < lexicon.length && lexicon[i].startsWith(prefix); i++) {
      const list = this.words.get(lexicon[i]);
      if (list?.length) out.push(list);
    }
    return out;
  }

  private sortedLexicon(): string[] {
    if (this.resort || this.unsorted.length > 1_000) {
      this.lexicon = [...this.words.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.unsorted = [];
      this.resort = false;
    } else if (this.unsorted.length) {
      for (const word of this.unsorted) this.lexicon.splice(lowerBound(this.lexicon, word), 0, word);
      this.unsorted = [];
    }
    return this.lexicon;
  }

  private nextEpoch(): number {
    if (this.marks.length < this.slots) this.marks = new Uint8Array(this.ids.length);
    if (++this.epoch === 0x100) {
      this.marks.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }

  /**
   * The slots of the words beginning with `prefix` (their `lists`) as bits, made once and kept (see
   * `merged`); none when they are not kept yet and `found` tales are too few to make it worth it.
   */
  private mergedBits(prefix: string, lists: SlotList[], found: number): Uint32Array | undefined {
    let bits = this.merged.get(prefix);
    if (bits || found < this.mergeFor) return bits;
    bits = new Uint32Array(Math.ceil(this.ids.length / 32));
    for (const list of lists) {
      if (list.bits) {
        const b = list.bits;
        for (let i = 0; i < bits.length; i++) bits[i] |= b[i];
      } else {
        const items = list.items;
        for (let i = 0; i < list.length; i++) setBit(bits, items[i]);
      }
    }
    if (this.merged.size >= MERGED_PREFIXES_MAX) this.merged.delete(this.merged.keys().next().value as string);
    this.merged.set(prefix, bits);
    this.mergedLongest = Math.max(this.mergedLongest, prefix.length);
    return bits;
  }

  private dropMerged() {
    this.merged.clear();
    this.mergedLongest = 0;
  }

  /** The slots of `found` set in `bits`, kept in place and in order. */
  private withinBits(found: Int32Array, bits: Uint32Array): Int32Array {
    let n = 0;
    for (let i = 0; i < found.length; i++) {
      const slot = found[i];
      found[n] = slot;
      n += (bits[slot >>> 5] >>> (slot & 31)) & 1;
    }
    return found.subarray(0, n);
  }

  /** The slots in any of `lists`, each once, in the scratch array (no new array per search: less for the collector). */
  private union(lists: SlotList[]): Int32Array {
    const size = lists.reduce((n, l) => n + l.length, 0);
    if (this.scratch.length < size) this.scratch = new Int32Array(Math.max(size, this.scratch.length * 2));
    const out = this.scratch;
    if (lists.length === 1) {
      out.set(lists[0].items.subarray(0, size));
      return out.subarray(0, size);
    }
    const e = this.nextEpoch();
    const marks = this.marks;
    let n = 0;
    for (const list of lists) {
      const items = list.items;
      for (let i = 0; i < list.length; i++) {
        const slot = items[i];
        if (marks[slot] !== e) {
          marks[slot] = e;
          out[n++] = slot;
        }
      }
    }
    return out.subarray(0, n);
  }

  /**
   * The slots of `found` in any of `lists`, kept in place and in order, the cheapest way: for the
   * lists kept as bits, a read per tale and list; for the others, marking their slots, or looking
   * each tale up in them; or else, for words, reading each tale's own words.
   */
  private within(found: Int32Array, lists: SlotList[]): Int32Array {
    const dense = lists.filter((l) => l.bits !== null);
    const sparse = dense.length ? lists.filter((l) => l.bits === null) : lists;
    let marking = 0;
    let lookups = 0;
    for (const list of sparse) {
      marking += list.length;
      lookups += found.length * Math.log2(list.length + 1);
    }
    const bitReads = found.length * dense.length;
    const reading = lists[0].word >= 0 ? lists.length + (found.length * this.fwdStart[this.slots]) / Math.max(1, this.slots) : Infinity;
    let n = 0;
    if (reading < bitReads + Math.min(marking, lookups)) {
      if (this.wordMarks.length < this.wordCount) this.wordMarks = new Uint32Array(Math.max(this.wordCount, this.wordMarks.length * 2));
      if (++this.wordEpoch === 0xffffffff) {
        this.wordMarks.fill(0);
        this.wordEpoch = 1;
      }
      const e = this.wordEpoch;
      const wordMarks = this.wordMarks;
      for (const list of lists) wordMarks[list.word] = e;
      const { fwd, fwdStart } = this;
      for (let i = 0; i < found.length; i++) {
        const slot = found[i];
        for (let k = fwdStart[slot], end = fwdStart[slot + 1]; k < end; k++) {
          if (wordMarks[fwd[k]] === e) {
            found[n++] = slot;
            break;
          }
        }
      }
      return found.subarray(0, n);
    }
    const bits = dense.map((l) => l.bits as Uint32Array);
    // The loops below keep a tale in place with no branch on whether it is kept: about half are,
    // at random, which the processor cannot guess, and a wrong guess cost more than the test
    // (the one-list loop took 1.7 times as long with a branch). Plain loops, one read a tale and list.
    if (!sparse.length && bits.length === 1) {
      // the commonest case, a word's list
      const b = bits[0];
      for (let i = 0; i < found.length; i++) {
        const slot = found[i];
        found[n] = slot;
        n += (b[slot >>> 5] >>> (slot & 31)) & 1;
      }
    } else if (!sparse.length || marking <= lookups) {
      // several lists as bits, and the others' slots marked (no mark is -1: none marked)
      const e = sparse.length ? this.nextEpoch() : -1;
      const marks = this.marks;
      for (const list of sparse) {
        const items = list.items;
        for (let i = 0; i < list.length; i++) marks[items[i]] = e;
      }
      for (let i = 0; i < found.length; i++) {
        const slot = found[i];
        const word = slot >>> 5;
        let any = 0;
        for (let k = 0; k < bits.length; k++) any |= bits[k][word];
        found[n] = slot;
        n += ((any >>> (slot & 31)) & 1) | +(e >= 0 && marks[slot] === e);
      }
    } else {
      const inDense = (slot: number) => {
        for (const b of bits) if (hasBit(b, slot)) return true;
        return false;
      };
      for (let i = 0; i < found.length; i++) {
        const slot = found[i];
        if (inDense(slot) || sparse.some((l) => l.has(slot))) found[n++] = slot;
      }
    }
    return found.subarray(0, n);
  }

  /** Drops the slots of tales gone or written again, renumbering the rest in the same order. */
  private compact() {
    const renumbered = new Int32Array(this.slots).fill(-1);
    let next = 0;
    let end = 0;
    for (let slot = 0; slot < this.slots; slot++) {
      if (this.flags[slot] & ALIVE) {
        renumbered[slot] = next;
        // the slot's words move down (never past where they were: next <= slot, end <= fwdStart[slot])
        const from = this.fwdStart[slot];
        const to = this.fwdStart[slot + 1];
        this.fwd.copyWithin(end, from, to);
        this.fwdStart[next] = end;
        end += to - from;
        this.ids[next] = this.ids[slot];
        this.owners[next] = this.owners[slot];
        this.sticky[next] = this.sticky[slot];
        this.publishAt[next] = this.publishAt[slot];
        this.flags[next] = this.flags[slot];
        this.day[next] = this.day[slot];
        next++;
      }
    }
    this.flags.fill(0, next, this.slots);
    // who sees what, made again for the renumbered slots
    this.visitorsSee.fill(0);
    this.membersSee.fill(0);
    this.pendingBits.fill(0);
    this.pending = [];
    this.nextDue = Infinity;
    for (let slot = 0; slot < next; slot++) this.place(slot);
    this.fwdStart[next] = end;
    this.slots = next;
    this.gone = 0;
    for (const [id, slot] of this.slotOf) this.slotOf.set(id, renumbered[slot]);
    for (const map of [this.words, this.tags]) {
      for (const [key, list] of map) {
        let n = 0;
        const items = list.items;
        for (let i = 0; i < list.length; i++) {
          const slot = renumbered[items[i]];
          if (slot >= 0) items[n++] = slot;
        }
        list.length = n;
        if (!n) map.delete(key);
      }
    }
    // renumbered slots: every list's bits are made again
    for (const map of [this.words, this.tags]) for (const list of map.values()) list.bits = null;
    this.dropMerged();
    this.refitBits(this.ids.length);
    this.resort = true;
  }
}
