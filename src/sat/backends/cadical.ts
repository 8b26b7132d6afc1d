/**
 * CaDiCaL compiled to WebAssembly (`cadical-wasm`), driven through the module's own C entry
 * points (`ccadical_add`, `ccadical_solve`, `ccadical_val`, ...: CaDiCaL's IPASIR-style C API).
 *
 * Why not the package's `Cadical` class: it wraps every call in Emscripten's `cwrap` and keeps
 * per-literal bookkeeping, which costs more than the solving itself on a Hitori (a 17x17 adds
 * ~4,000 literals and reads ~2,000 values per solve). Here a clause costs one direct wasm call per
 * literal, and a value one call. The wasm module is loaded (compiled) once per process and
 * shared: a solver is one `ccadical_init`, about 25 µs. A deadline is a terminate callback in the
 * module's function table, polled by CaDiCaL while it searches; so is a bound on its heap (maxHeapBytes).
 */
import { loadCadical, type CadicalModule } from 'cadical-wasm';
import type { Backend, BackendStats, SolveCall, SolveStatus } from '../backend.js';
import type { Clause, Cnf } from '../cnf.js';
import { SolverError, TooLargeError } from '../../control/errors.js';
import type { Limit } from '../../control/limit.js';

/** The C entry points and Emscripten helpers used here. */
interface CadicalNative {
  _ccadical_init(): number;
  _ccadical_release(solver: number): void;
  _ccadical_add(solver: number, lit: number): void;
  _ccadical_assume(solver: number, lit: number): void;
  _ccadical_solve(solver: number): number;
  _ccadical_val(solver: number, lit: number): number;
  _ccadical_set_terminate(solver: number, state: number, callback: number): void;
  _ccadical_set_learn(solver: number, state: number, maxLength: number, callback: number): void;
  _ccadical_vars(solver: number): number;
  _ccadical_declare_more_variables(solver: number, count: number): number;
  addFunction(fn: (state: number, pointer: number) => number | undefined, signature: string): number;
  readonly HEAP32: Int32Array;
  removeFunction(pointer: number): void;
  cwrap(name: string, returns: string | null, args: string[]): (...args: unknown[]) => unknown;
}

let shared: Promise<CadicalNative> | undefined;

/** The shared module, compiled on first use. A load that fails is forgotten, so the next use tries again. */
function nativeModule(): Promise<CadicalNative> {
  if (shared === undefined) {
    const loading = loadCadical().then((mod: CadicalModule) => mod as unknown as CadicalNative);
    shared = loading;
    loading.catch(() => {
      if (shared === loading) shared = undefined;
    });
  }
  return shared;
}

/** Starts compiling the module in the background (errors surface at the first real use). */
export function preloadCadical(): void {
  nativeModule().catch(() => {});
}

/** CaDiCaL options to set at creation (`ccadical_set_option`), e.g. { phase: 0 }. */
export type CadicalOptions = Readonly<Record<string, number>>;

/**
 * Called with each clause CaDiCaL learns, as it learns it (a certificate's proof: certify/). With
 * inprocessing off each is RUP over the clauses the solver had (certify/wasm-prover.ts).
 */
export type LearnedClauseSink = (lits: number[]) => void;

/** Above this many clauses, dispose releases the solver on a later turn of the event loop (see dispose). */
const largeSolverClauses = 200_000;

/**
 * The most the module's WebAssembly heap may grow to while CaDiCaL searches: past it the search
 * stops with a TooLargeError. The heap's own ceiling is 2 GiB, where CaDiCaL aborts the process.
 * This bound keeps a command near 1 GB at most: a layered 40x40, the largest layered grid a solve
 * takes, grows the heap to 922 MiB (936 MiB in all); a 1000x1000 grid's lazy formula to under
 * 500 MiB. The heap grows in steps of up to 96 MiB, nearly all of it used.
 */
const maxHeapBytes = 960 * 2 ** 20;

/**
 * The terminate callback, one per module (its function-table slot made once): CaDiCaL polls it
 * while it searches. `searching` is the search under way: its limit (the clock and the signal,
 * no event loop needed) and whether the heap bound stopped it. A search is synchronous, so there
 * is one at a time.
 */
const searching: { limit: Limit | undefined; heapFull: boolean } = { limit: undefined, heapFull: false };
const terminators = new WeakMap<CadicalNative, number>();
function terminator(mod: CadicalNative): number {
  let slot = terminators.get(mod);
  if (slot === undefined) {
    slot = mod.addFunction(() => {
      if (mod.HEAP32.buffer.byteLength > maxHeapBytes) searching.heapFull = true;
      return searching.heapFull || searching.limit?.expired === true ? 1 : 0;
    }, 'ii');
    terminators.set(mod, slot);
  }
  return slot;
}

export class CadicalBackend implements Backend {
  readonly name = 'cadical' as const;
  readonly interruptible = true;
  private solver: number;
  private numVars = 0;
  private numClauses = 0;
  private calls = 0;
  private solveMs = 0;
  private satisfiable = false;
  /** The learn callback's slot in the module's function table, or 0. */
  private learn = 0;

  private constructor(
    private readonly mod: CadicalNative,
    options: CadicalOptions,
    onLearn: LearnedClauseSink | undefined,
  ) {
    this.solver = mod._ccadical_init();
    const names = Object.keys(options);
    if (names.length > 0) {
      const setOption = mod.cwrap('ccadical_set_option', null, ['number', 'string', 'number']);
      for (const name of names) setOption(this.solver, name, options[name]);
    }
    if (onLearn !== undefined) {
      this.learn = mod.addFunction((_state, pointer) => {
        // Read HEAP32 afresh each time: the heap may have grown since the last call.
        const heap = mod.HEAP32;
        const lits: number[] = [];
        for (let k = pointer >> 2; heap[k] !== 0; k++) lits.push(heap[k]!);
        onLearn(lits);
        return undefined;
      }, 'vii');
      mod._ccadical_set_learn(this.solver, 0, 0x7fffffff, this.learn);
    }
  }

  /** A solver with the given options; `onLearn` receives every clause it learns. */
  static async create(options: CadicalOptions = {}, onLearn?: LearnedClauseSink): Promise<CadicalBackend> {
    return new CadicalBackend(await nativeModule(), options, onLearn);
  }

  addClause(clause: Clause): void {
    const { mod, solver } = this;
    for (let k = 0; k < clause.length; k++) {
      const lit = clause[k]!;
      const v = lit < 0 ? -lit : lit;
      if (v > this.numVars) this.numVars = v;
      mod._ccadical_add(solver, lit);
    }
    mod._ccadical_add(solver, 0);
    this.numClauses++;
  }

  addCnf(cnf: Cnf, checkpoint?: () => void): void {
    const { mod, solver } = this;
    const { lits, ends } = cnf.flat();
    // The variables declared at once: added clause by clause, CaDiCaL grows its per-variable
    // tables by doubling, and the tables it leaves behind stay in the WebAssembly memory.
    this.declare(cnf.numVars);
    let k = 0;
    let c = 0;
    try {
      for (; c < ends.length; c++) {
        if (checkpoint !== undefined && (c & 4095) === 0) checkpoint();
        const end = ends[c]!;
        for (; k < end; k++) mod._ccadical_add(solver, lits[k]!);
        mod._ccadical_add(solver, 0);
      }
    } finally {
      this.numClauses += c;
    }
    if (cnf.numVars > this.numVars) this.numVars = cnf.numVars;
  }

  async solve(call: SolveCall = {}): Promise<Exclude<SolveStatus, 'unknown'>> {
    this.satisfiable = false;
    if (this.solver === 0) throw new SolverError('the solver was disposed', this.name);
    const { limit } = call;
    limit?.check();
    for (const lit of call.assumptions ?? []) {
      const v = Math.abs(lit);
      if (v > this.numVars) this.numVars = v;
      this.mod._ccadical_assume(this.solver, lit);
    }
    // Every variable the caller counts must exist natively, or reading its value is an API error.
    this.declare(this.numVars);
    searching.limit = limit;
    searching.heapFull = false;
    this.mod._ccadical_set_terminate(this.solver, 0, terminator(this.mod));
    const start = performance.now();
    let code: number;
    try {
      code = this.mod._ccadical_solve(this.solver);
    } finally {
      this.mod._ccadical_set_terminate(this.solver, 0, 0);
      searching.limit = undefined;
    }
    this.solveMs += performance.now() - start;
    this.calls++;
    this.satisfiable = code === 10;
    if (code === 10) return 'satisfiable';
    if (code === 20) return 'unsatisfiable';
    // Stopped by the terminate callback: by the heap bound, or by the limit.
    if (searching.heapFull)
      throw new TooLargeError(
        `the SAT solver's memory passed ${maxHeapBytes / 2 ** 20} MiB (the formula, its learned clauses and cuts): too large a search to hold in bounded memory`,
      );
    limit?.check('during a SAT call');
    throw new SolverError(`the solve stopped without an answer (code ${code})`, this.name);
  }

  /** Variables 1..`numVars` declared natively, those missing in one call. */
  private declare(numVars: number): void {
    const known = this.mod._ccadical_vars(this.solver);
    if (numVars > known) this.mod._ccadical_declare_more_variables(this.solver, numVars - known);
  }

  value(v: number): boolean {
    if (!this.satisfiable) throw new SolverError('no model: the last solve was not satisfiable', this.name);
    return this.mod._ccadical_val(this.solver, v) > 0;
  }

  stats(): BackendStats {
    return { variables: this.numVars, clauses: this.numClauses, conflicts: null, solveCalls: this.calls, solveMs: this.solveMs };
  }

  dispose(): void {
    const { mod, solver } = this;
    this.solver = 0;
    this.satisfiable = false;
    if (solver === 0) return;
    if (this.learn !== 0) {
      mod._ccadical_set_learn(solver, 0, 0, 0);
      mod.removeFunction(this.learn);
      this.learn = 0;
    }
    if (this.numClauses < largeSolverClauses) {
      mod._ccadical_release(solver);
      return;
    }
    // Releasing a solver that holds millions of clauses takes a tenth of a second or more, and
    // only hands its memory back to the wasm heap for the next solver. It runs on a later turn of
    // the event loop, on a timer that does not keep the process alive: a command stopped by its
    // time limit prints its answer and exits without waiting for it.
    const timer = setTimeout(() => mod._ccadical_release(solver), 0) as { unref?: () => void };
    timer.unref?.();
  }
}
