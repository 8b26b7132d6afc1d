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
 * undoes its own assignments. Literals are encoded 2v (v true) and 2v + 1 (v false).
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

/** Proof steps as (kind, literals) pairs, from text DRAT or binary DRAT. */
export function* dratSteps(proof: Uint8Array): Generator<{ deleted: boolean; lits: number[] }> {
  if (isBinary(proof)) {
    let k = 0;
    while (k < proof.length) {
      const tag = proof[k++]!;
      if (tag !== 0x61 && tag !== 0x64) throw new Error(`binary DRAT: unexpected byte ${tag} at ${k - 1}`);
      const lits: number[] = [];
      for (;;) {
        let u = 0;
        let shift = 0;
        let byte: number;
        do {
          if (k >= proof.length) throw new Error('binary DRAT: the proof ends inside a clause');
          byte = proof[k++]!;
          u += (byte & 0x7f) * 2 ** shift;
          shift += 7;
        } while (byte & 0x80);
        if (u === 0) break;
        lits.push(u & 1 ? -(u >>> 1) : u >>> 1);
      }
      yield { deleted: tag === 0x64, lits };
    }
    return;
  }
  const text = new TextDecoder().decode(proof);
  let lits: number[] = [];
  let deleted = false;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('c')) continue;
    for (const word of t.split(/\s+/)) {
      if (word === 'd') {
        deleted = true;
        continue;
      }
      const lit = Number(word);
      if (!Number.isInteger(lit)) throw new Error(`text DRAT: not a literal: ${word}`);
      if (lit === 0) {
        yield { deleted, lits };
        lits = [];
        deleted = false;
      } else lits.push(lit);
    }
  }
  if (lits.length > 0) throw new Error('text DRAT: the proof ends inside a clause');
}

/** Binary DRAT starts with 'a' or 'd' and holds bytes that never occur in the text form. */
function isBinary(proof: Uint8Array): boolean {
  for (let k = 0; k < Math.min(proof.length, 64); k++) {
    const b = proof[k]!;
    const text = (b >= 0x30 && b <= 0x39) || b === 0x20 || b === 0x2d || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x64 || b === 0x63;
    if (!text) return true;
  }
  return false;
}

const litCode = (lit: number) => (lit > 0 ? 2 * lit : -2 * lit + 1);

/**
 * An order-independent hash of a clause's literals (a sum of mixed literals), to find a clause
 * to delete without a string key per clause: a layered 17x17 has over 100,000 clauses, and a
 * string and a typed array each cost more to make than to check the whole proof.
 */
function clauseHash(lits: ArrayLike<number>, start: number, end: number): number {
  let h = 0;
  for (let k = start; k < end; k++) {
    const x = lits[k]!;
    h = (h + Math.imul(x ^ (x >>> 15), 0x2c1b3c6d)) | 0;
  }
  return h;
}

class Checker {
  /** Every clause's literals back to back: clause id's are `arena[start[id] .. start[id] + size[id])`. */
  private arena = new Int32Array(1 << 16);
  private arenaEnd = 0;
  private start = new Int32Array(1 << 12);
  private size = new Int32Array(1 << 12);
  private count = 0;
  private deleted = new Uint8Array(1 << 12);
  private watches: number[][] = [];
  /** Per variable: 1 true, -1 false, 0 open. */
  private value = new Int8Array(16);
  /** Per variable: the clause that set it at the root, or -1. */
  private reason = new Int32Array(16).fill(-1);
  private trail: number[] = [];
  /** Trail entries below this have been propagated. */
  private head = 0;
  /** Clause ids by `clauseHash`, built at the first deletion (a proof without deletions never needs it). */
  private byHash: Map<number, number[]> | null = null;
  /** Scratch for a clause being added. */
  private scratch: number[] = [];
  /** The root-level assignment conflicts: D is unsatisfiable by unit propagation. */
  rootConflict = false;

  private grow(v: number): void {
    if (v < this.value.length) return;
    let size = this.value.length;
    while (size <= v) size *= 2;
    const value = new Int8Array(size);
    value.set(this.value);
    this.value = value;
    const reason = new Int32Array(size).fill(-1);
    reason.set(this.reason);
    this.reason = reason;
  }

  private litValue(lit: number): number {
    const v = this.value[lit > 0 ? lit : -lit]!;
    return lit > 0 ? v : -v;
  }

  private assign(lit: number, why: number): void {
    const v = lit > 0 ? lit : -lit;
    this.value[v] = lit > 0 ? 1 : -1;
    this.reason[v] = why;
    this.trail.push(lit);
  }

  private watch(lit: number, id: number): void {
    const code = litCode(lit);
    while (this.watches.length <= code) this.watches.push([]);
    this.watches[code]!.push(id);
  }

  /** Unit propagation from the trail's head; false on a conflict. */
  private propagate(limit: Limit): boolean {
    let steps = 0;
    const { arena, start, size, deleted } = this;
    while (this.head < this.trail.length) {
      if ((++steps & 0xffff) === 0 && limit.expired) throw limit.reached('while the DRAT proof was checked');
      const falseLit = -this.trail[this.head++]!;
      const list = this.watches[litCode(falseLit)];
      if (list === undefined) continue;
      let keep = 0;
      let conflict = false;
      for (let w = 0; w < list.length; w++) {
        const id = list[w]!;
        if (deleted[id]) continue;
        if (conflict) {
          list[keep++] = id;
          continue;
        }
        const c = start[id]!;
        const end = c + size[id]!;
        if (arena[c] === falseLit) {
          arena[c] = arena[c + 1]!;
          arena[c + 1] = falseLit;
        }
        if (this.litValue(arena[c]!) > 0) {
          list[keep++] = id;
          continue;
        }
        let moved = false;
        for (let k = c + 2; k < end; k++) {
          if (this.litValue(arena[k]!) >= 0) {
            arena[c + 1] = arena[k]!;
            arena[k] = falseLit;
            this.watch(arena[c + 1]!, id);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        list[keep++] = id;
        if (this.litValue(arena[c]!) === 0) this.assign(arena[c]!, id);
        else conflict = true;
      }
      list.length = keep;
      if (conflict) return false;
    }
    return true;
  }

  /** Undoes every assignment above `mark` on the trail. */
  private undo(mark: number): void {
    while (this.trail.length > mark) {
      const lit = this.trail.pop()!;
      const v = lit > 0 ? lit : -lit;
      this.value[v] = 0;
      this.reason[v] = -1;
    }
    this.head = Math.min(this.head, mark);
  }

  /** Whether assigning every literal of `lits` false and propagating conflicts (RUP). */
  rup(lits: readonly number[], limit: Limit): boolean {
    if (this.rootConflict) return true;
    const mark = this.trail.length;
    let result = false;
    for (const lit of lits) {
      this.grow(lit > 0 ? lit : -lit);
      const val = this.litValue(lit);
      if (val > 0) {
        result = true;
        break;
      }
      if (val === 0) this.assign(-lit, -1);
    }
    if (!result) result = !this.propagate(limit);
    this.undo(mark);
    this.head = mark;
    return result;
  }

  /** The literals of clause `id` (a copy). */
  private literals(id: number): number[] {
    return Array.from(this.arena.subarray(this.start[id]!, this.start[id]! + this.size[id]!));
  }

  /** RAT on the first literal p: every resolvent with a clause holding ¬p is RUP. */
  rat(lits: readonly number[], limit: Limit): boolean {
    if (lits.length === 0) return false;
    const p = lits[0]!;
    for (let id = 0; id < this.count; id++) {
      if (this.deleted[id]) continue;
      const e = this.literals(id);
      if (!e.includes(-p)) continue;
      const resolvent = [...lits];
      let tautology = false;
      for (const lit of e) {
        if (lit === -p) continue;
        if (lits.includes(-lit)) tautology = true;
        resolvent.push(lit);
      }
      if (!tautology && !this.rup(resolvent, limit)) return false;
    }
    return true;
  }

  /** Makes room at once for a formula's variables, clauses and literals (its clauses are then added without growing anything). */
  expect(variables: number, clauses: number, literals: number): void {
    this.grow(variables);
    while (this.watches.length < 2 * variables + 2) this.watches.push([]);
    if (clauses > this.start.length) {
      const start = new Int32Array(clauses + 1024);
      start.set(this.start.subarray(0, this.count));
      this.start = start;
      const size = new Int32Array(clauses + 1024);
      size.set(this.size.subarray(0, this.count));
      this.size = size;
      const deleted = new Uint8Array(clauses + 1024);
      deleted.set(this.deleted.subarray(0, this.count));
      this.deleted = deleted;
    }
    if (literals > this.arena.length) {
      const arena = new Int32Array(literals + (1 << 16));
      arena.set(this.arena.subarray(0, this.arenaEnd));
      this.arena = arena;
    }
  }

  /** Room for one more clause of `n` literals. */
  private reserve(n: number): void {
    if (this.count === this.start.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.start = grow(this.start, (k) => new Int32Array(k));
      this.size = grow(this.size, (k) => new Int32Array(k));
      this.deleted = grow(this.deleted, (k) => new Uint8Array(k));
    }
    if (this.arenaEnd + n > this.arena.length) {
      let length = this.arena.length * 2;
      while (length < this.arenaEnd + n) length *= 2;
      const arena = new Int32Array(length);
      arena.set(this.arena.subarray(0, this.arenaEnd));
      this.arena = arena;
    }
  }

  /** Adds a clause to D (duplicates merged, a tautology dropped), propagating at the root. */
  add(raw: ArrayLike<number>, limit: Limit): void {
    const lits = this.scratch;
    lits.length = 0;
    for (let k = 0; k < raw.length; k++) {
      const lit = raw[k]!;
      let seen = false;
      for (const other of lits) {
        if (other === -lit) return;
        if (other === lit) seen = true;
      }
      if (!seen) lits.push(lit);
      this.grow(lit > 0 ? lit : -lit);
    }
    // The two watched literals go first: not false ones if possible (true, then open, then false).
    for (let w = 0; w < 2 && w < lits.length; w++) {
      let best = w;
      for (let k = w + 1; k < lits.length; k++) if (this.litValue(lits[k]!) > this.litValue(lits[best]!)) best = k;
      const t = lits[w]!;
      lits[w] = lits[best]!;
      lits[best] = t;
    }
    this.reserve(lits.length);
    const id = this.count++;
    const at = this.arenaEnd;
    for (let k = 0; k < lits.length; k++) this.arena[at + k] = lits[k]!;
    this.start[id] = at;
    this.size[id] = lits.length;
    this.arenaEnd += lits.length;
    this.deleted[id] = 0;
    this.index(id);
    if (this.rootConflict) return;
    if (lits.length === 0) {
      this.rootConflict = true;
      return;
    }
    if (lits.length >= 2) {
      this.watch(lits[0]!, id);
      this.watch(lits[1]!, id);
    }
    const first = this.litValue(lits[0]!);
    const second = lits.length >= 2 ? this.litValue(lits[1]!) : -1;
    if (first < 0) this.rootConflict = true;
    else if (first === 0 && second < 0) {
      this.assign(lits[0]!, id);
      if (!this.propagate(limit)) this.rootConflict = true;
    }
  }

  /** Enters clause `id` in the deletion index, once there is one. */
  private index(id: number): void {
    if (this.byHash === null) return;
    const s = this.start[id]!;
    const h = clauseHash(this.arena, s, s + this.size[id]!);
    const same = this.byHash.get(h);
    if (same) same.push(id);
    else this.byHash.set(h, [id]);
  }

  delete(raw: readonly number[]): void {
    const lits = [...new Set(raw)];
    if (lits.length <= 1) return;
    if (this.byHash === null) {
      this.byHash = new Map();
      for (let id = 0; id < this.count; id++) if (!this.deleted[id]) this.index(id);
    }
    const ids = this.byHash.get(clauseHash(lits, 0, lits.length));
    if (!ids) return;
    const sorted = lits.sort((a, b) => a - b);
    // The last added clause with these literals (ids are in the order added).
    let found = -1;
    for (let k = ids.length - 1; k >= 0; k--) {
      const id = ids[k]!;
      if (this.size[id] !== sorted.length) continue;
      const mine = this.literals(id).sort((a, b) => a - b);
      if (mine.every((lit, j) => lit === sorted[j])) {
        found = k;
        break;
      }
    }
    if (found < 0) return;
    const id = ids[found]!;
    // A clause that is the reason of a root-level assignment stays (see the header).
    for (const lit of this.literals(id)) {
      const v = lit > 0 ? lit : -lit;
      if (this.reason[v] === id) return;
    }
    ids.splice(found, 1);
    this.deleted[id] = 1;
  }
}

/** Checks `proof` (text or binary DRAT) against `cnf`. */
export function checkDrat(cnf: Cnf, proof: Uint8Array, options: DratOptions = {}): DratResult {
  const checker = new Checker();
  const limit = options.limit ?? Limit.none;
  checker.expect(cnf.numVars, cnf.numClauses, cnf.numLiterals);
  cnf.forEach((clause) => {
    checker.add(clause, limit);
  });
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
  for (const step of dratSteps(proof)) {
    if (step.deleted) {
      deletions++;
      checker.delete(step.lits);
      continue;
    }
    additions++;
    if (!checker.rup(step.lits, limit)) {
      if (!checker.rat(step.lits, limit))
        return result(false, `step ${additions + deletions}: the clause ${step.lits.join(' ')} 0 is neither RUP nor RAT`);
      ratSteps++;
    }
    checker.add(step.lits, limit);
    if (checker.rootConflict) return result(true);
  }
  return result(false, 'the proof does not derive the empty clause');
}
