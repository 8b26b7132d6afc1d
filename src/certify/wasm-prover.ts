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
 * in order, then the empty clause, are a DRUP proof (DRAT without deletions). Nothing here takes
 * that on trust: the maker checks the whole certificate with src/sat/drat-check.ts before it is
 * handed out, and a proof the checker rejects is an error, not a certificate.
 *
 * Turning inprocessing off costs search speed on hard instances, not on Hitori-sized ones, whose
 * refutations take a few hundred conflicts (BENCH.md, certificates).
 */
import { loadCadical } from 'cadical-wasm';
import type { Cnf } from '../sat/cnf.js';
import { SolverError } from '../control/errors.js';
import type { ProofStep, ProveCall, SatProof, SatProver } from './sat-prover.js';

interface CadicalNative {
  _ccadical_init(): number;
  _ccadical_release(solver: number): void;
  _ccadical_add(solver: number, lit: number): void;
  _ccadical_solve(solver: number): number;
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

export const wasmProver: SatProver = async (cnf: Cnf, call: ProveCall = {}): Promise<SatProof> => {
  const mod = (await loadCadical()) as unknown as CadicalNative;
  const solver = mod._ccadical_init();
  const steps: ProofStep[] = [];
  const learn = mod.addFunction((_state: number, pointer: number) => {
    // Read HEAP32 afresh each time: the heap may have grown since the last call.
    const heap = mod.HEAP32;
    const lits: number[] = [];
    for (let k = pointer >> 2; heap[k] !== 0; k++) lits.push(heap[k]!);
    steps.push({ deleted: false, lits });
    return undefined;
  }, 'vii');
  const { limit } = call;
  const terminate = limit === undefined ? 0 : mod.addFunction(() => (limit.expired ? 1 : 0), 'ii');
  try {
    const setOption = mod.cwrap('ccadical_set_option', null, ['number', 'string', 'number']);
    for (const [name, value] of Object.entries(noInprocessing)) setOption(solver, name, value);
    mod._ccadical_set_learn(solver, 0, 0x7fffffff, learn);
    if (terminate !== 0) mod._ccadical_set_terminate(solver, 0, terminate);
    const { lits, ends } = cnf.flat();
    let k = 0;
    for (const end of ends) {
      for (; k < end; k++) mod._ccadical_add(solver, lits[k]!);
      mod._ccadical_add(solver, 0);
    }
    const code = mod._ccadical_solve(solver);
    if (code === 20) {
      steps.push({ deleted: false, lits: [] });
      return { status: 'unsatisfiable', steps, solver: 'cadical-wasm (learned clauses, DRUP)' };
    }
    return { status: code === 10 ? 'satisfiable' : 'unknown', steps: [], solver: 'cadical-wasm' };
  } catch (error) {
    throw new SolverError(`the proof could not be traced: ${(error as Error).message}`, 'cadical');
  } finally {
    mod._ccadical_set_learn(solver, 0, 0, 0);
    if (terminate !== 0) mod._ccadical_set_terminate(solver, 0, 0);
    mod._ccadical_release(solver);
    mod.removeFunction(learn);
    if (terminate !== 0) mod.removeFunction(terminate);
  }
};
