/**
 * A DRAT-capable CaDiCaL in WebAssembly, in process and browser-safe.
 *
 * The npm build of CaDiCaL (`cadical-wasm`) is compiled without Emscripten's file system and its
 * C API has no `trace_proof`, so CaDiCaL cannot write a proof file there. It does export the
 * learner callback (`ccadical_set_learn`), which receives every clause CaDiCaL learns from a
 * conflict, in the caller's literals. With every inprocessing technique that derives clauses
 * some other way turned off (variable elimination, subsumption's strengthening, vivification,
 * probing, ternary resolution, equivalent-literal substitution, sweeping, factoring, congruence
 * closure, backbones, on-the-fly strengthening...), each learned clause is derived by resolution
 * from the input and the clauses learned before it, and so is RUP over them: the learned clauses
 * in order, then the empty clause, are a DRUP proof (DRAT without deletions). The same holds
 * across incremental calls: a clause learned before more clauses were added is RUP over fewer
 * clauses, hence over more. Nothing here takes that on trust: the maker checks the whole
 * certificate with src/sat/drat-check.ts before it is handed out, and a proof the checker
 * rejects is an error, not a certificate.
 *
 * Two provers use it: `wasmProver`, one call on a whole CNF (the complete layered one), and the
 * cut prover (cut-prover.ts), incremental calls on the rules without the layers.
 */
import { loadCadical } from 'cadical-wasm';
import type { Limit } from '../control/limit.js';
import type { Cnf } from '../sat/cnf.js';
import { SolverError } from '../control/errors.js';
import type { ProofStep, ProveCall, SatProof, SatProver } from './sat-prover.js';

interface CadicalNative {
  _ccadical_init(): number;
  _ccadical_release(solver: number): void;
  _ccadical_add(solver: number, lit: number): void;
  _ccadical_solve(solver: number): number;
  _ccadical_val(solver: number, lit: number): number;
  _ccadical_vars(solver: number): number;
  _ccadical_declare_more_variables(solver: number, count: number): number;
  _ccadical_set_terminate(solver: number, state: number, callback: number): void;
  _ccadical_set_learn(solver: number, state: number, maxLength: number, callback: number): void;
  addFunction(fn: (...args: number[]) => number | undefined, signature: string): number;
  removeFunction(pointer: number): void;
  cwrap(name: string, returns: string | null, args: string[]): (...args: unknown[]) => unknown;
  HEAP32: Int32Array;
}

/** Off: every technique that adds or changes clauses other than by conflict analysis. */
const noInprocessing: Readonly<Record<string, number>> = {
  inprocessing: 0,
  elim: 0,
  subsume: 0,
  vivify: 0,
  probe: 0,
  ternary: 0,
  decompose: 0,
  transred: 0,
  block: 0,
  cover: 0,
  condition: 0,
  sweep: 0,
  factor: 0,
  congruence: 0,
  backbone: 0,
  instantiate: 0,
  otfs: 0,
  lucky: 0,
  walk: 0,
};

/**
 * One CaDiCaL whose learned clauses go, as they are learned, to the end of `steps`: the caller
 * may append lemmas of its own there between calls, and the order of the list is the order in
 * which every clause became available to the solver. `release` frees it.
 */
export class TracedCadical {
  private solver: number;
  private readonly learn: number;
  private readonly terminate: number;

  private constructor(
    private readonly mod: CadicalNative,
    readonly steps: ProofStep[],
    limit: Limit | undefined,
  ) {
    this.solver = mod._ccadical_init();
    this.learn = mod.addFunction((_state: number, pointer: number) => {
      // Read HEAP32 afresh each time: the heap may have grown since the last call.
      const heap = mod.HEAP32;
      const lits: number[] = [];
      for (let k = pointer >> 2; heap[k] !== 0; k++) lits.push(heap[k]!);
      steps.push({ deleted: false, lits });
      return undefined;
    }, 'vii');
    // CaDiCaL polls this while it searches: only a limit that can pass is worth the calls.
    this.terminate = limit === undefined || !limit.bounded ? 0 : mod.addFunction(() => (limit.expired ? 1 : 0), 'ii');
    const setOption = mod.cwrap('ccadical_set_option', null, ['number', 'string', 'number']);
    for (const [name, value] of Object.entries(noInprocessing)) setOption(this.solver, name, value);
    mod._ccadical_set_learn(this.solver, 0, 0x7fffffff, this.learn);
    if (this.terminate !== 0) mod._ccadical_set_terminate(this.solver, 0, this.terminate);
  }

  static async open(steps: ProofStep[], limit?: Limit): Promise<TracedCadical> {
    return new TracedCadical((await loadCadical()) as unknown as CadicalNative, steps, limit);
  }

  add(clause: ArrayLike<number>): void {
    for (let k = 0; k < clause.length; k++) this.mod._ccadical_add(this.solver, clause[k]!);
    this.mod._ccadical_add(this.solver, 0);
  }

  /** The clauses of `cnf`, or only those `keep(lits, from, to)` accepts. */
  addCnf(cnf: Cnf, keep?: (lits: Int32Array, from: number, to: number) => boolean): void {
    const { lits, ends } = cnf.flat();
    let from = 0;
    for (const end of ends) {
      if (keep === undefined || keep(lits, from, end)) {
        for (let k = from; k < end; k++) this.mod._ccadical_add(this.solver, lits[k]!);
        this.mod._ccadical_add(this.solver, 0);
      }
      from = end;
    }
  }

  /** Makes variables 1..`count` exist in the solver, so that each has a value to read. */
  declare(count: number): void {
    const known = this.mod._ccadical_vars(this.solver);
    if (count > known) this.mod._ccadical_declare_more_variables(this.solver, count - known);
  }

  solve(): 'satisfiable' | 'unsatisfiable' | 'unknown' {
    let code: number;
    try {
      code = this.mod._ccadical_solve(this.solver);
    } catch (error) {
      throw new SolverError(`the proof could not be traced: ${(error as Error).message}`, 'cadical');
    }
    return code === 20 ? 'unsatisfiable' : code === 10 ? 'satisfiable' : 'unknown';
  }

  /** After a satisfiable call: whether variable v is true in the model. */
  value(v: number): boolean {
    return this.mod._ccadical_val(this.solver, v) > 0;
  }

  release(): void {
    if (this.solver === 0) return;
    const { mod, solver } = this;
    this.solver = 0;
    mod._ccadical_set_learn(solver, 0, 0, 0);
    if (this.terminate !== 0) mod._ccadical_set_terminate(solver, 0, 0);
    mod._ccadical_release(solver);
    mod.removeFunction(this.learn);
    if (this.terminate !== 0) mod.removeFunction(this.terminate);
  }
}

/** One call on the whole CNF: CaDiCaL's learned clauses, then the empty clause. */
export const wasmProver: SatProver = async (cnf: Cnf, call: ProveCall = {}): Promise<SatProof> => {
  const steps: ProofStep[] = [];
  const solver = await TracedCadical.open(steps, call.limit);
  try {
    solver.addCnf(cnf);
    const status = solver.solve();
    if (status === 'unsatisfiable') {
      steps.push({ deleted: false, lits: [] });
      return { status, steps, solver: 'cadical-wasm (learned clauses, DRUP)' };
    }
    return { status, steps: [], solver: 'cadical-wasm' };
  } finally {
    solver.release();
  }
};
