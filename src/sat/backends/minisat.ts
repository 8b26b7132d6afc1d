/**
 * MiniSat as shipped in `logic-solver` (Emscripten asm.js), used at the integer-clause level
 * through its `minisat_wrapper.js`, not through logic-solver's formula layer.
 *
 * The native side has four limits, each handled here:
 * - A fixed 64 MiB heap: a CNF too large for it aborts the asm.js module with "Cannot enlarge
 *   memory arrays" through the module's own `print`/`printErr`. Each instance points those two
 *   at its own buffer (the global console is never touched), and an abort during a native call
 *   becomes a SolverError that names the heap and suggests the cadical backend.
 * - `solveAssuming` takes one positive variable only (a negative literal is silently ignored).
 *   Any list of assumptions becomes one fresh selector variable `a` with clauses (-a | l) for
 *   each assumption l; the solve assumes `a`, and the unit (-a) retires the selector afterwards.
 *   Selectors must never take a number the caller may use later, so the caller's variables are
 *   renumbered on the way in: each gets the next native variable when first seen, and
 *   selectors take native numbers in between.
 * - No interrupt: a solve runs to the end. `interruptible` is false, so callers check deadlines
 *   between calls, and the CLI bounds a whole command by running it in a worker thread.
 * - Unsatisfiable without assumptions ends the instance: every later solve answers
 *   unsatisfiable, which stays correct because clauses are only ever added.
 */
// A plain import (CommonJS, its module.exports as the default), not createRequire: so that the
// browser bundle can take it too. Its Emscripten glue touches `fs` only when it runs under Node.
import MiniSat from 'logic-solver/minisat_wrapper.js';
import type { Backend, BackendStats, SolveCall, SolveStatus } from '../backend.js';
import type { Clause, Cnf } from '../cnf.js';
import { SolverError } from '../../control/errors.js';

/** The parts of the Emscripten module that the wrapper exposes as `_C`. */
interface MiniSatNative {
  /** Where the module prints (an abort's message among it); read at each call, so it can be replaced. */
  print: (text: string) => void;
  printErr: (text: string) => void;
  HEAP32: Int32Array;
  HEAP8: Int8Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _addClause(ptr: number): number;
  _ensureVar(v: number): void;
  _solve(): number;
  _solveAssuming(v: number): number;
  _getSolution(): number;
  _getNumVars(): number;
}

interface MiniSatWrapper {
  _C: MiniSatNative;
}

export class MiniSatBackend implements Backend {
  readonly name = 'minisat' as const;
  readonly interruptible = false;
  private readonly native: MiniSatNative;
  /** A scratch buffer in the native heap for one clause at a time. */
  private buffer = 0;
  private bufferLength = 0;
  /** `native[v]`: the native variable of the caller's variable v (0 until first seen). */
  private toNative = new Int32Array(64);
  private nativeVars = 0;
  private numVars = 0;
  private numClauses = 0;
  /** Set once MiniSat has found the clauses unsatisfiable (or aborted): the instance is spent. */
  private unsat = false;
  private aborted: string | null = null;
  private calls = 0;
  private solveMs = 0;
  private solution: Int8Array | null = null;
  /** What the module printed during the current native call. */
  private readonly printed: string[] = [];

  constructor() {
    this.native = this.guard(() => (new MiniSat() as MiniSatWrapper)._C);
    this.native.print = this.native.printErr = (text: string) => void this.printed.push(String(text));
  }

  addClause(clause: Clause): void {
    this.numClauses++;
    if (this.unsat) return;
    this.guard(() => {
      const base = this.reserve(clause.length);
      for (let k = 0; k < clause.length; k++) {
        const lit = clause[k]!;
        const v = this.nativeVar(lit < 0 ? -lit : lit);
        this.native.HEAP32[base + k] = lit < 0 ? -v : v;
      }
      this.commit(clause.length);
    });
  }

  addCnf(cnf: Cnf, checkpoint?: () => void): void {
    for (let v = this.numVars + 1; v <= cnf.numVars; v++) this.nativeVar(v);
    let c = 0;
    cnf.forEach((clause) => {
      if (checkpoint !== undefined && (c++ & 4095) === 0) checkpoint();
      this.addClause(clause);
    });
  }

  async solve(call: SolveCall = {}): Promise<Exclude<SolveStatus, 'unknown'>> {
    this.solution = null;
    // Checked before the call only: MiniSat cannot be interrupted (a hard bound runs it in a worker).
    call.limit?.check();
    if (this.unsat) return 'unsatisfiable';
    const assumptions = call.assumptions ?? [];
    let selector = 0;
    if (assumptions.length > 0) {
      selector = ++this.nativeVars;
      for (const lit of assumptions) this.addNative([-selector, lit < 0 ? -this.nativeVar(-lit) : this.nativeVar(lit)]);
      if (this.unsat) return 'unsatisfiable';
    }
    const start = performance.now();
    const sat = this.guard(() => {
      this.native._ensureVar(this.nativeVars);
      return selector ? this.native._solveAssuming(selector) : this.native._solve();
    });
    this.solveMs += performance.now() - start;
    this.calls++;
    if (sat) this.solution = this.readSolution();
    if (selector) this.addNative([-selector]);
    else if (!sat) this.unsat = true;
    return sat ? 'satisfiable' : 'unsatisfiable';
  }

  value(v: number): boolean {
    if (!this.solution) throw new SolverError('no model: the last solve was not satisfiable', this.name);
    const native = v < this.toNative.length ? this.toNative[v]! : 0;
    return native !== 0 && this.solution[native] === 1;
  }

  stats(): BackendStats {
    return { variables: this.numVars, clauses: this.numClauses, conflicts: null, solveCalls: this.calls, solveMs: this.solveMs };
  }

  dispose(): void {
    // The asm.js heap is an ordinary ArrayBuffer: it goes with the last reference to the module.
    this.unsat = true;
  }

  /** One copy of the model out of the native heap (MiniSat stores l_True as 0). */
  private readSolution(): Int8Array {
    const n = this.native._getNumVars();
    const ptr = this.native._getSolution();
    const values = new Int8Array(n + 1);
    const heap = this.native.HEAP8;
    for (let v = 1; v <= n; v++) values[v] = heap[ptr + v - 1] === 0 ? 1 : -1;
    return values;
  }

  /** The native variable of the caller's variable v, allocated on first sight. */
  private nativeVar(v: number): number {
    if (v >= this.toNative.length) {
      const grown = new Int32Array(Math.max(v + 1, this.toNative.length * 2));
      grown.set(this.toNative);
      this.toNative = grown;
    }
    if (this.toNative[v] === 0) {
      this.toNative[v] = ++this.nativeVars;
      if (v > this.numVars) this.numVars = v;
    }
    return this.toNative[v]!;
  }

  /** Adds a clause already in native numbering (selector clauses). */
  private addNative(clause: readonly number[]): void {
    if (this.unsat) return;
    this.guard(() => {
      this.native.HEAP32.set(clause, this.reserve(clause.length));
      this.commit(clause.length);
    });
  }

  /** Room for a clause of `length` literals and its 0 in the scratch buffer; its HEAP32 index. */
  private reserve(length: number): number {
    if (length + 1 > this.bufferLength) {
      const size = Math.max(length + 1, this.bufferLength * 2, 64);
      if (this.buffer) this.native._free(this.buffer);
      this.buffer = this.native._malloc(size * 4);
      this.bufferLength = size;
    }
    return this.buffer >> 2;
  }

  /** Ends the clause of `length` literals in the buffer with 0 and hands it to MiniSat. */
  private commit(length: number): void {
    this.native.HEAP32[(this.buffer >> 2) + length] = 0;
    if (!this.native._addClause(this.buffer)) this.unsat = true;
  }

  /**
   * Runs a native call so that an asm.js abort (its message printed into `printed`, then thrown
   * as a bare string) becomes a SolverError.
   */
  private guard<T>(fn: () => T): T {
    if (this.aborted) throw new SolverError(this.aborted, this.name);
    this.printed.length = 0;
    try {
      return fn();
    } catch (error) {
      const text = `${this.printed.join('\n')}\n${String(error)}`;
      this.aborted = /Cannot enlarge memory arrays/.test(text)
        ? `the CNF (${this.numVars} variables, ${this.numClauses} clauses${this.calls > 0 ? `, and what MiniSat learned in ${this.calls} solve${this.calls === 1 ? '' : 's'}` : ''}) does not fit MiniSat's fixed 64 MiB heap; use --backend cadical`
        : `MiniSat aborted: ${firstLine(text)}`;
      this.unsat = true;
      throw new SolverError(this.aborted, this.name);
    }
  }
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? 'no message';
}
