/**
 * A CNF container: clauses stored back to back in one growable Int32Array with an end offset per
 * clause, so that a formula of a million literals is two typed arrays rather than a million small
 * JS arrays, and a backend can copy it in bulk.
 *
 * A CNF may be built under a fixed partial assignment (`new Cnf(fixed)`, `fixed[v]` 1 true, -1
 * false, 0 open): it then starts with one unit clause per fixed variable, and simplifies every
 * clause added afterwards the way unit propagation's first step would: a clause with a true
 * literal is dropped, a false literal is left out. The result has exactly the models of the
 * unsimplified formula plus those units (every variable keeps its number); a clause left empty
 * makes it unsatisfiable, as the assignment contradicts the formula. Why: a solver pays per
 * literal it is handed (CaDiCaL in wasm: one call per literal), and the encoders need not know.
 *
 * A CNF may also spill (`spillTo`): every time it holds a chunk's worth of literals it hands
 * them to a sink (a solver) and forgets them, so that a formula of millions of clauses is never
 * held whole in JS while the solver builds its own copy (a 1000x1000 grid: 4 million clauses,
 * some 100 MB of typed arrays at the peak beside CaDiCaL's heap). Its counts stay the totals;
 * `flat` and `forEach` see the clauses it still holds.
 */
export type Clause = readonly number[] | Int32Array;

export class Cnf {
  /** Literals of all clauses, back to back. */
  private lits = new Int32Array(1024);
  private litCount = 0;
  /** `ends[k]` is one past the last literal of clause k. */
  private ends = new Int32Array(256);
  private clauseCount = 0;
  /** The highest variable mentioned (or declared with `declare`). */
  numVars = 0;
  /**
   * Called every 4,096 clauses while the CNF grows: a long encoding's chance to stop at a
   * deadline (by throwing) without every encoder checking the clock. Every 65,536 let a layered
   * 40x40 run 100-200 ms past its limit on a loaded machine; a clock read per 4,096 clauses costs
   * nothing measurable.
   */
  watch: (() => void) | undefined = undefined;
  /** Comment lines (without the leading "c "), written before the header in DIMACS. */
  readonly comments: string[] = [];

  /** Scratch for a two-literal clause added under a fixed assignment. */
  private readonly pair = new Int32Array(2);
  /** Where full chunks go (`spillTo`), and when: once this many literals are held. */
  private sink: ((chunk: Cnf) => void) | undefined = undefined;
  private spillAt = 0;
  /** Clauses and literals handed to the sink and no longer held. */
  private spilledClauses = 0;
  private spilledLiterals = 0;

  constructor(private readonly fixed?: Int8Array) {
    if (fixed === undefined) return;
    for (let v = 1; v < fixed.length; v++) {
      const f = fixed[v]!;
      if (f === 0) continue;
      this.reserve(1);
      this.push(f > 0 ? v : -v);
      this.close();
    }
    this.declare(fixed.length - 1);
  }

  /** Clauses added, those spilled included. */
  get numClauses(): number {
    return this.spilledClauses + this.clauseCount;
  }

  /** Literals added, those spilled included. */
  get numLiterals(): number {
    return this.spilledLiterals + this.litCount;
  }

  /**
   * From now on, hands the clauses held to `sink` (which reads them with `flat` or `forEach`
   * during the call) whenever they reach `literals` literals, and drops them: the CNF then holds
   * at most a chunk. The clauses held now go at the next chunk; the caller hands over the last,
   * partial chunk itself (its `flat`). A sink that throws (a time limit) leaves the chunk held.
   */
  spillTo(sink: (chunk: Cnf) => void, literals = 1 << 18): void {
    if (!(literals > 0)) throw new RangeError(`a chunk needs at least one literal, got ${literals}`);
    this.sink = sink;
    this.spillAt = literals;
  }

  /** Makes sure variables up to `v` count as present even if no clause mentions them. */
  declare(v: number): void {
    if (v > this.numVars) this.numVars = v;
  }

  /** Adds one clause. The empty clause is allowed: it makes the formula unsatisfiable. */
  add(clause: Clause): void {
    for (const lit of clause) checkLiteral(lit);
    if (this.fixed !== undefined) {
      this.addUnderFixed(this.fixed, clause, 0, clause.length);
      return;
    }
    this.reserve(clause.length);
    for (const lit of clause) this.push(lit);
    this.close();
  }

  /** Adds `lits[start .. end)` simplified by the fixed assignment (see the class comment). */
  private addUnderFixed(fixed: Int8Array, lits: Clause, start: number, end: number): void {
    let satisfied = false;
    for (let k = start; k < end; k++) {
      const lit = lits[k]!;
      // Declared even when dropped: every variable keeps counting (a model names it).
      this.declare(lit < 0 ? -lit : lit);
      if (literalValue(fixed, lit) > 0) satisfied = true;
    }
    if (satisfied) return;
    this.reserve(end - start);
    for (let k = start; k < end; k++) if (literalValue(fixed, lits[k]!) === 0) this.push(lits[k]!);
    this.close();
  }

  /** Adds a clause of two literals without allocating an array (the hot case of the encodings). */
  add2(a: number, b: number): void {
    checkLiteral(a);
    checkLiteral(b);
    if (this.fixed !== undefined) {
      this.pair[0] = a;
      this.pair[1] = b;
      this.addUnderFixed(this.fixed, this.pair, 0, 2);
      return;
    }
    this.reserve(2);
    this.push(a);
    this.push(b);
    this.close();
  }

  /** Appends every clause of `other`, copied in bulk (clause by clause under a fixed assignment). */
  append(other: Cnf): void {
    const { lits, ends } = other.flat();
    if (this.fixed !== undefined) {
      for (let k = 0, start = 0; k < ends.length; start = ends[k++]!) this.addUnderFixed(this.fixed, lits, start, ends[k]!);
      this.declare(other.numVars);
      return;
    }
    this.reserveMore(lits.length, ends.length);
    this.lits.set(lits, this.litCount);
    for (let k = 0; k < ends.length; k++) this.ends[this.clauseCount + k] = this.litCount + ends[k]!;
    this.litCount += lits.length;
    this.clauseCount += ends.length;
    this.declare(other.numVars);
  }

  /** Calls `fn` with each clause held (not spilled) as a view into the store (copy it to keep it). */
  forEach(fn: (clause: Int32Array, index: number) => void): void {
    let start = 0;
    for (let k = 0; k < this.clauseCount; k++) {
      const end = this.ends[k]!;
      fn(this.lits.subarray(start, end), k);
      start = end;
    }
  }

  /** Clause k of those held (not spilled) as a fresh array. */
  clause(k: number): number[] {
    const start = k === 0 ? 0 : this.ends[k - 1]!;
    return Array.from(this.lits.subarray(start, this.ends[k]!));
  }

  /** All literals held (not spilled), back to back, and each clause's end offset: the bulk form for backends. */
  flat(): { lits: Int32Array; ends: Int32Array } {
    return { lits: this.lits.subarray(0, this.litCount), ends: this.ends.subarray(0, this.clauseCount) };
  }

  /**
   * Makes room at once for a CNF of about this many literals and clauses in all (an estimate:
   * more still fits). Growing by doubling copies a large CNF's arrays several times over, and
   * each copy is a pause no time limit can interrupt (a layered 40x40: 5 million clauses).
   */
  expect(literals: number, clauses: number): void {
    // A spilling CNF holds one chunk at most.
    if (this.sink !== undefined) return;
    this.reserveMore(Math.max(0, literals - this.litCount), Math.max(0, clauses - this.clauseCount));
  }

  private reserve(extra: number): void {
    this.reserveMore(extra, 1);
  }

  /** Room for `literals` more literals in `clauses` more clauses. */
  private reserveMore(literals: number, clauses: number): void {
    if (this.litCount + literals > this.lits.length) {
      const grown = new Int32Array(Math.max(this.lits.length * 2, this.litCount + literals));
      grown.set(this.lits.subarray(0, this.litCount));
      this.lits = grown;
    }
    if (this.clauseCount + clauses > this.ends.length) {
      const grown = new Int32Array(Math.max(this.ends.length * 2, this.clauseCount + clauses));
      grown.set(this.ends.subarray(0, this.clauseCount));
      this.ends = grown;
    }
  }

  private push(lit: number): void {
    const v = Math.abs(lit);
    if (v > this.numVars) this.numVars = v;
    this.lits[this.litCount++] = lit;
  }

  private close(): void {
    this.ends[this.clauseCount++] = this.litCount;
    if (((this.spilledClauses + this.clauseCount) & 0xfff) === 0) this.watch?.();
    if (this.sink !== undefined && this.litCount >= this.spillAt) this.spill(this.sink);
  }

  private spill(sink: (chunk: Cnf) => void): void {
    sink(this);
    this.spilledClauses += this.clauseCount;
    this.spilledLiterals += this.litCount;
    this.clauseCount = 0;
    this.litCount = 0;
  }
}

/** 1 when the literal is true under `fixed`, -1 when false, 0 when open. */
function literalValue(fixed: Int8Array, lit: number): number {
  const f = fixed[lit < 0 ? -lit : lit] ?? 0;
  return lit < 0 ? -f : f;
}

function checkLiteral(lit: number): void {
  if (!Number.isInteger(lit) || lit === 0) throw new RangeError(`a literal must be a non-zero integer, got ${lit}`);
}
