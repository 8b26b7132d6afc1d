/**
 * A DRAT proof checker, written apart from every encoder so that a refutation can be checked by
 * code that did not make the formula: given a CNF F and a proof (the text or the binary DRAT of
 * CaDiCaL, `cadical --no-binary F proof` or `cadical F proof`), it answers whether the proof
 * derives the empty clause from F.
 *
 * Method: forward checking. The clause database D starts as F. Each proof step is either
 *   - an addition C, accepted when C is RUP in D (assigning every literal of C false and unit
 *     propagating in D gives a conflict: then D implies C) or, failing that, RAT in D on its first
 *     literal p (for every clause E of D with ¬p, the resolvent C ∪ (E \ {¬p}) is RUP in D: then
 *     D ∧ C is satisfiable whenever D is); then D := D ∧ C; or
 *   - a deletion, D := D \ {C}.
 * Invariant: D is satisfiable if F is. So once the empty clause is accepted (unit propagation in D
 * alone conflicts), F is unsatisfiable. Deletions only weaken D, so ignoring one keeps the
 * invariant: this checker ignores the deletion of unit clauses and of clauses that are the reason
 * of a root-level assignment (as drat-trim does), and of clauses not in D.
 *
 * Propagation: two watched literals per clause of two or more literals; the root-level assignment
 * (units and what they propagate) persists between steps, and each RUP check assigns above it and
 * undoes its own assignments. Literals are encoded 2v (v true) and 2v + 1 (v false), the code
 * binary DRAT writes, so that a literal's negation is `code ^ 1` and every per-literal table is
 * indexed by the code.
 *
 * Storage: typed arrays only, nothing allocated per clause or per literal. A layered 17x17 has
 * 118,000 clauses over 59,000 variables, and a JS array per watch list, a view per clause or a
 * string per proof line made the collector the largest cost of checking a certificate, above
 * propagation itself. Clauses sit back to back in one arena; a watch list is an intrusive linked
 * list through the clauses' two watch slots (slot 2·id and 2·id + 1), so moving a watch is two
 * stores; the proof is read in place from its bytes, one step at a time.
 */
import { Limit } from '../control/limit.js';
import type { Cnf } from './cnf.js';

export interface DratResult {
  /** True when the proof derives the empty clause from the formula, every step checked. */
  readonly verified: boolean;
  /** Why not, when not verified: the first step that failed, or "no empty clause". */
  readonly reason?: string;
  readonly additions: number;
  readonly deletions: number;
  /** Additions that were not RUP and needed the RAT check. */
  readonly ratSteps: number;
}

export interface DratOptions {
  /** Past it the check gives up with the limit's TimeoutError (asked every 65,536 propagations). */
  readonly limit?: Limit;
}

/** The end of a watch list or of a hash chain. */
const NONE = -1;

/** The largest literal code the tables can index (variable 2^30 - 1): a proof naming more is refused, not allocated for. */
const maxCode = 2 ** 31 - 1;

const literalOf = (code: number) => (code & 1 ? -(code >>> 1) : code >>> 1);

/** Space, tab, newline, vertical tab, form feed, carriage return. */
const isSpace = (b: number) => b === 32 || (b >= 9 && b <= 13);

/**
 * Reads a proof one step at a time, in place: the step's literal codes are `codes[0 .. length)`
 * until the next call. Text DRAT: whitespace-separated decimal literals, each clause ended by 0,
 * a `d` before it for a deletion, lines starting with `c` are comments. Binary DRAT: 'a' or 'd',
 * then each literal's code as a 7-bit varint (low group first), then 0.
 */
class StepReader {
  codes = new Int32Array(64);
  length = 0;
  deleted = false;
  /** The highest literal code of the step (0 when it has none). */
  maxCode = 0;
  private at = 0;
  /** Text: whether only whitespace has been read since the last newline (a `c` there starts a comment). */
  private lineStart = true;
  private readonly binary: boolean;

  constructor(private readonly proof: Uint8Array) {
    this.binary = isBinary(proof);
  }

  /** Reads the next step; false at the end of the proof. Throws on a malformed proof. */
  next(): boolean {
    this.length = 0;
    this.maxCode = 0;
    this.deleted = false;
    return this.binary ? this.nextBinary() : this.nextText();
  }

  private push(code: number): void {
    if (this.length === this.codes.length) {
      const grown = new Int32Array(this.codes.length * 2);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[this.length++] = code;
    if (code > this.maxCode) this.maxCode = code;
  }

  private nextBinary(): boolean {
    const { proof } = this;
    let k = this.at;
    if (k >= proof.length) return false;
    const tag = proof[k++]!;
    if (tag !== 0x61 && tag !== 0x64) throw new Error(`binary DRAT: unexpected byte ${tag} at ${k - 1}`);
    for (;;) {
      let u = 0;
      let scale = 1;
      let byte: number;
      do {
        if (k >= proof.length) throw new Error('binary DRAT: the proof ends inside a clause');
        byte = proof[k++]!;
        u += (byte & 0x7f) * scale;
        scale *= 128;
      } while (byte & 0x80);
      if (u === 0) break;
      if (u > maxCode) throw new Error(`binary DRAT: the literal ending at ${k - 1} is beyond the largest variable, 2^30 - 1`);
      this.push(u);
    }
    this.deleted = tag === 0x64;
    this.at = k;
    return true;
  }

  private nextText(): boolean {
    const { proof } = this;
    const n = proof.length;
    let k = this.at;
    for (;;) {
      while (k < n && isSpace(proof[k]!)) if (proof[k++] === 10) this.lineStart = true;
      if (k >= n) {
        this.at = k;
        if (this.length > 0) throw new Error('text DRAT: the proof ends inside a clause');
        return false;
      }
      if (this.lineStart && proof[k] === 0x63 /* c */) {
        while (k < n && proof[k] !== 10) k++;
        continue;
      }
      this.lineStart = false;
      const from = k;
      while (k < n && !isSpace(proof[k]!)) k++;
      if (k - from === 1 && proof[from] === 0x64 /* d */) {
        this.deleted = true;
        continue;
      }
      let p = from;
      const negative = proof[p] === 0x2d; /* - */
      if (negative) p++;
      let value = 0;
      for (; p < k; p++) {
        const digit = proof[p]! - 48;
        if (digit < 0 || digit > 9) break;
        value = value * 10 + digit;
      }
      if (p < k || p === from + (negative ? 1 : 0))
        throw new Error(`text DRAT: not a literal: ${new TextDecoder().decode(proof.subarray(from, Math.min(k, from + 24)))}`);
      if (value === 0) {
        this.at = k;
        return true;
      }
      if (2 * value + 1 > maxCode)
        throw new Error(`text DRAT: literal ${negative ? '-' : ''}${value} is beyond the largest variable, 2^30 - 1`);
      this.push(negative ? 2 * value + 1 : 2 * value);
    }
  }
}

/** Proof steps as (kind, literals) pairs, from text DRAT or binary DRAT. */
export function* dratSteps(proof: Uint8Array): Generator<{ deleted: boolean; lits: number[] }> {
  const reader = new StepReader(proof);
  while (reader.next()) {
    const lits: number[] = [];
    for (let k = 0; k < reader.length; k++) lits.push(literalOf(reader.codes[k]!));
    yield { deleted: reader.deleted, lits };
  }
}

/**
 * Binary DRAT starts with 'a' or 'd'; text DRAT with a literal, whitespace or a comment ('c'). Only
 * a leading 'd' is ambiguous (a deletion in either form): then binary holds bytes the text form
 * never does (a 0 ends every binary clause). A comment's words (any letters) keep a proof text.
 */
function isBinary(proof: Uint8Array): boolean {
  if (proof.length === 0) return false;
  if (proof[0] === 0x61) return true;
  if (proof[0] !== 0x64) return false;
  for (let k = 0; k < Math.min(proof.length, 64); k++) {
    const b = proof[k]!;
    const text = (b >= 0x30 && b <= 0x39) || b === 0x20 || b === 0x2d || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x64 || b === 0x63;
    if (!text) return true;
  }
  return false;
}

/**
 * An order-independent hash of a clause's literal codes (a sum of mixed codes), to find a clause
 * to delete without a key object per clause.
 */
function clauseHash(codes: ArrayLike<number>, start: number, end: number): number {
  let h = 0;
  for (let k = start; k < end; k++) {
    const x = codes[k]!;
    h = (h + Math.imul(x ^ (x >>> 15), 0x2c1b3c6d)) | 0;
  }
  return h;
}

/** A typed array twice as long, or at least `length`, holding the first `used` entries of `a`. */
function grown<T extends Int32Array | Uint8Array | Int8Array>(a: T, length: number, used: number, fill?: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  if (fill !== undefined) b.fill(fill);
  b.set(a.subarray(0, used));
  return b;
}

class Checker {
  /** Every clause's literal codes back to back: clause id's are `arena[start[id] .. start[id] + size[id])`, its two watches first. */
  private arena = new Int32Array(1 << 16);
  private arenaEnd = 0;
  private start = new Int32Array(1 << 12);
  private size = new Int32Array(1 << 12);
  private deleted = new Uint8Array(1 << 12);
  private count = 0;
  /**
   * Watch lists. Per literal code: the first watch slot watching it, or NONE; per slot (clause
   * id's are 2·id and 2·id + 1): the next slot in the same list. Which of the clause's two watched
   * literals a slot stands for is not recorded: propagation finds the false one in the clause.
   */
  private watchHead = new Int32Array(32).fill(NONE);
  private watchNext = new Int32Array(1 << 13);
  /** Per literal code: 1 true, -1 false, 0 open. */
  private value = new Int8Array(32);
  /** Per literal code: the stamp of the last clause read that held it (duplicates and tautologies in linear time). */
  private seen = new Int32Array(32);
  private stamp = 0;
  /** Per variable: the clause that set it at the root, or NONE. */
  private reason = new Int32Array(16).fill(NONE);
  /** Assigned literal codes in order (a variable at most once: as long as the variables). */
  private trail = new Int32Array(16);
  private trailEnd = 0;
  /** Trail entries below this have been propagated. */
  private head = 0;
  /**
   * The deletion index, a hash table of chains built at the first deletion (a proof without
   * deletions never needs it): per bucket the newest clause id, per id the next older one.
   */
  private hashHead: Int32Array | null = null;
  private hashNext = new Int32Array(1 << 12);
  private hashOf = new Int32Array(1 << 12);
  /** Scratch: a RAT check's lemma and resolvent. */
  private lemma = new Int32Array(64);
  private resolvent = new Int32Array(64);
  /** The root-level assignment conflicts: D is unsatisfiable by unit propagation. */
  rootConflict = false;

  /** Makes every per-literal and per-variable table hold literal codes up to `code`. */
  grow(code: number): void {
    if (code < this.value.length) return;
    let n = this.value.length;
    while (n <= code) n *= 2;
    this.value = grown(this.value, n, this.value.length);
    this.seen = grown(this.seen, n, this.seen.length);
    this.watchHead = grown(this.watchHead, n, this.watchHead.length, NONE);
    this.reason = grown(this.reason, n / 2, this.reason.length, NONE);
    this.trail = grown(this.trail, n / 2, this.trailEnd);
  }

  /** Makes room at once for a formula's variables, clauses and literals (its clauses are then added without growing anything). */
  expect(variables: number, clauses: number, literals: number): void {
    this.grow(2 * variables + 1);
    this.reserve(clauses, literals);
  }

  /** Room for `clauses` more clauses of `literals` literals in all. */
  private reserve(clauses: number, literals: number): void {
    const needed = this.count + clauses;
    if (needed > this.start.length) {
      let n = this.start.length;
      while (n < needed) n *= 2;
      this.start = grown(this.start, n, this.count);
      this.size = grown(this.size, n, this.count);
      this.deleted = grown(this.deleted, n, this.count);
      this.watchNext = grown(this.watchNext, 2 * n, 2 * this.count);
      this.hashNext = grown(this.hashNext, n, this.count);
      this.hashOf = grown(this.hashOf, n, this.count);
    }
    if (this.arenaEnd + literals > this.arena.length) {
      let n = this.arena.length;
      while (n < this.arenaEnd + literals) n *= 2;
      this.arena = grown(this.arena, n, this.arenaEnd);
    }
  }

  private assign(code: number, why: number): void {
    this.value[code] = 1;
    this.value[code ^ 1] = -1;
    this.reason[code >>> 1] = why;
    this.trail[this.trailEnd++] = code;
  }

  /** Unit propagation from the trail's head; false on a conflict. */
  private propagate(limit: Limit): boolean {
    let steps = 0;
    const { arena, start, size, deleted, value, watchHead, watchNext } = this;
    while (this.head < this.trailEnd) {
      if ((++steps & 0xffff) === 0 && limit.expired) throw limit.reached('while the DRAT proof was checked');
      const falseCode = this.trail[this.head++]! ^ 1;
      let prev = NONE;
      let slot = watchHead[falseCode]!;
      while (slot !== NONE) {
        const next = watchNext[slot]!;
        const id = slot >>> 1;
        if (deleted[id]) {
          // A deleted clause leaves the list when met.
          if (prev === NONE) watchHead[falseCode] = next;
          else watchNext[prev] = next;
          slot = next;
          continue;
        }
        // The false watch goes second; the first is the other watch.
        const c = start[id]!;
        let other = arena[c]!;
        if (other === falseCode) {
          other = arena[c + 1]!;
          arena[c] = other;
          arena[c + 1] = falseCode;
        }
        if (value[other]! > 0) {
          prev = slot;
          slot = next;
          continue;
        }
        const end = c + size[id]!;
        let k = c + 2;
        while (k < end && value[arena[k]!]! < 0) k++;
        if (k < end) {
          // A literal not false takes the watch: the slot moves to its list.
          const code = arena[k]!;
          arena[c + 1] = code;
          arena[k] = falseCode;
          if (prev === NONE) watchHead[falseCode] = next;
          else watchNext[prev] = next;
          watchNext[slot] = watchHead[code]!;
          watchHead[code] = slot;
          slot = next;
          continue;
        }
        if (value[other] !== 0) return false;
        this.assign(other, id);
        prev = slot;
        slot = next;
      }
    }
    return true;
  }

  /** Undoes every assignment above `mark` on the trail. */
  private undo(mark: number): void {
    const { value, reason, trail } = this;
    while (this.trailEnd > mark) {
      const code = trail[--this.trailEnd]!;
      value[code] = 0;
      value[code ^ 1] = 0;
      reason[code >>> 1] = NONE;
    }
    this.head = Math.min(this.head, mark);
  }

  /** Whether assigning every literal of `codes[0 .. n)` false and propagating conflicts (RUP). */
  rup(codes: Int32Array, n: number, limit: Limit): boolean {
    if (this.rootConflict) return true;
    const mark = this.trailEnd;
    let result = false;
    for (let k = 0; k < n; k++) {
      const code = codes[k]!;
      const val = this.value[code]!;
      if (val > 0) {
        result = true;
        break;
      }
      if (val === 0) this.assign(code ^ 1, NONE);
    }
    if (!result) result = !this.propagate(limit);
    this.undo(mark);
    this.head = mark;
    return result;
  }

  /** RAT on the first literal p: every resolvent with a clause holding ¬p is RUP. */
  rat(codes: Int32Array, n: number, limit: Limit): boolean {
    if (n === 0) return false;
    if (this.lemma.length < n) this.lemma = new Int32Array(2 * n);
    const lemma = this.lemma;
    lemma.set(codes.subarray(0, n));
    const notP = lemma[0]! ^ 1;
    const stamp = ++this.stamp;
    for (let k = 0; k < n; k++) this.seen[lemma[k]!] = stamp;
    for (let id = 0; id < this.count; id++) {
      if (this.deleted[id]) continue;
      const s = this.start[id]!;
      const e = s + this.size[id]!;
      let holds = false;
      for (let k = s; k < e && !holds; k++) holds = this.arena[k] === notP;
      if (!holds) continue;
      if (this.resolvent.length < n + e - s) this.resolvent = new Int32Array(2 * (n + e - s));
      const resolvent = this.resolvent;
      resolvent.set(lemma.subarray(0, n));
      let m = n;
      let tautology = false;
      for (let k = s; k < e; k++) {
        const code = this.arena[k]!;
        if (code === notP) continue;
        if (this.seen[code ^ 1] === stamp) tautology = true;
        resolvent[m++] = code;
      }
      if (!tautology && !this.rup(resolvent, m, limit)) return false;
    }
    return true;
  }

  /**
   * Adds the clause `src[from .. to)` to D (duplicates merged, a tautology dropped), propagating
   * at the root. `signed`: the source holds DIMACS literals (a CNF's), else literal codes.
   */
  add(src: ArrayLike<number>, from: number, to: number, signed: boolean, limit: Limit): void {
    this.reserve(1, to - from);
    const { arena, seen, value } = this;
    const stamp = ++this.stamp;
    const at = this.arenaEnd;
    let n = 0;
    for (let k = from; k < to; k++) {
      const x = src[k]!;
      const code = signed ? (x > 0 ? 2 * x : -2 * x + 1) : x;
      if (seen[code ^ 1] === stamp) return;
      if (seen[code] === stamp) continue;
      seen[code] = stamp;
      arena[at + n++] = code;
    }
    // The two watched literals go first: not false ones if possible (true, then open, then false).
    // Two open ones first already do (which two only changes the work, not what propagates).
    const settled = n >= 2 && value[arena[at]!] === 0 && value[arena[at + 1]!] === 0;
    for (let w = 0; w < 2 && w < n && !settled; w++) {
      let best = at + w;
      for (let k = best + 1; k < at + n; k++) if (value[arena[k]!]! > value[arena[best]!]!) best = k;
      const t = arena[at + w]!;
      arena[at + w] = arena[best]!;
      arena[best] = t;
    }
    const id = this.count++;
    this.start[id] = at;
    this.size[id] = n;
    this.arenaEnd += n;
    this.deleted[id] = 0;
    if (this.hashHead !== null) this.index(id);
    if (this.rootConflict) return;
    if (n === 0) {
      this.rootConflict = true;
      return;
    }
    if (n >= 2) {
      this.watchNext[2 * id] = this.watchHead[arena[at]!]!;
      this.watchHead[arena[at]!] = 2 * id;
      this.watchNext[2 * id + 1] = this.watchHead[arena[at + 1]!]!;
      this.watchHead[arena[at + 1]!] = 2 * id + 1;
    }
    const first = value[arena[at]!]!;
    const second = n >= 2 ? value[arena[at + 1]!]! : -1;
    if (first < 0) this.rootConflict = true;
    else if (first === 0 && second < 0) {
      this.assign(arena[at]!, id);
      if (!this.propagate(limit)) this.rootConflict = true;
    }
  }

  /** Enters clause `id` at the head of its chain in the deletion index. */
  private index(id: number): void {
    const s = this.start[id]!;
    const h = clauseHash(this.arena, s, s + this.size[id]!);
    const buckets = this.hashHead!;
    const bucket = h & (buckets.length - 1);
    this.hashOf[id] = h;
    this.hashNext[id] = buckets[bucket]!;
    buckets[bucket] = id;
  }

  /** (Re)builds the deletion index with a bucket per clause or more, the clauses entered oldest first. */
  private rebuildIndex(): void {
    let buckets = 1 << 10;
    while (buckets < 2 * this.count) buckets *= 2;
    this.hashHead = new Int32Array(buckets).fill(NONE);
    for (let id = 0; id < this.count; id++) if (!this.deleted[id]) this.index(id);
  }

  /** Deletes the last added clause with the literals `codes[0 .. n)`, unless it is a unit or a root reason (see the header). */
  delete(codes: Int32Array, n: number): void {
    const stamp = ++this.stamp;
    let m = 0;
    for (let k = 0; k < n; k++) {
      const code = codes[k]!;
      if (this.seen[code] === stamp) continue;
      this.seen[code] = stamp;
      codes[m++] = code;
    }
    if (m <= 1) return;
    if (this.hashHead === null || this.count > this.hashHead.length) this.rebuildIndex();
    const buckets = this.hashHead!;
    const h = clauseHash(codes, 0, m);
    const bucket = h & (buckets.length - 1);
    let prev = NONE;
    let id = buckets[bucket]!;
    for (; id !== NONE; prev = id, id = this.hashNext[id]!) {
      if (this.hashOf[id] !== h || this.size[id] !== m) continue;
      // Both hold m distinct codes: the same clause when all of the clause's are marked.
      const s = this.start[id]!;
      let same = true;
      for (let k = s; k < s + m && same; k++) same = this.seen[this.arena[k]!] === stamp;
      if (same) break;
    }
    if (id === NONE) return;
    const s = this.start[id]!;
    for (let k = s; k < s + m; k++) if (this.reason[this.arena[k]! >>> 1] === id) return;
    if (prev === NONE) buckets[bucket] = this.hashNext[id]!;
    else this.hashNext[prev] = this.hashNext[id]!;
    this.deleted[id] = 1;
  }
}

/** Checks `proof` (text or binary DRAT) against `cnf`. */
export function checkDrat(cnf: Cnf, proof: Uint8Array, options: DratOptions = {}): DratResult {
  const checker = new Checker();
  const limit = options.limit ?? Limit.none;
  checker.expect(cnf.numVars, cnf.numClauses, cnf.numLiterals);
  const { lits, ends } = cnf.flat();
  for (let k = 0, from = 0; k < ends.length && !checker.rootConflict; from = ends[k++]!) checker.add(lits, from, ends[k]!, true, limit);
  let additions = 0;
  let deletions = 0;
  let ratSteps = 0;
  const result = (verified: boolean, reason?: string): DratResult => ({
    verified,
    ...(reason === undefined ? {} : { reason }),
    additions,
    deletions,
    ratSteps,
  });
  if (checker.rootConflict) return result(true);
  const step = new StepReader(proof);
  while (step.next()) {
    checker.grow(step.maxCode | 1);
    if (step.deleted) {
      deletions++;
      checker.delete(step.codes, step.length);
      continue;
    }
    additions++;
    if (!checker.rup(step.codes, step.length, limit)) {
      if (!checker.rat(step.codes, step.length, limit)) {
        const shown = Array.from(step.codes.subarray(0, step.length), literalOf).join(' ');
        return result(false, `step ${additions + deletions}: the clause ${shown} 0 is neither RUP nor RAT`);
      }
      ratSteps++;
    }
    checker.add(step.codes, 0, step.length, false, limit);
    if (checker.rootConflict) return result(true);
  }
  return result(false, 'the proof does not derive the empty clause');
}
