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
 * The solver is the solve's own backend (sat/backends/cadical.ts) with that callback set. Two
 * provers use it: `wasmProver`, one call on a whole CNF (the complete layered one), and the cut
 * prover (cut-prover.ts), incremental calls on the rules without the layers.
 */
import { CadicalBackend } from '../sat/backends/cadical.js';
import type { Limit } from '../control/limit.js';
import type { Cnf } from '../sat/cnf.js';
import { SolverError, TimeoutError } from '../control/errors.js';
import type { ProofStep, ProveCall, SatProof, SatProver } from './sat-prover.js';

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
 * The solve's backend (sat/backends/cadical.ts) with inprocessing off, every clause it learns
 * appended to `steps` as it is learned: the caller may append lemmas of its own there between
 * calls, so the list's order is the order in which each clause became available to the solver.
 */
export function tracedCadical(steps: ProofStep[]): Promise<CadicalBackend> {
  return CadicalBackend.create(noInprocessing, (lits) => steps.push({ deleted: false, lits }));
}

/** One call of a traced solver: `unknown` past the limit; a solver that fails is a SolverError. */
export async function tracedSolve(solver: CadicalBackend, limit: Limit | undefined): Promise<SatProof['status']> {
  try {
    return await solver.solve(limit === undefined ? {} : { limit });
  } catch (error) {
    if (error instanceof TimeoutError) return 'unknown';
    if (error instanceof SolverError) throw error;
    throw new SolverError(`the proof could not be traced: ${(error as Error).message}`, 'cadical');
  }
}

/** One call on the whole CNF: CaDiCaL's learned clauses, then the empty clause. */
export const wasmProver: SatProver = async (cnf: Cnf, call: ProveCall = {}): Promise<SatProof> => {
  const steps: ProofStep[] = [];
  const solver = await tracedCadical(steps);
  try {
    solver.addCnf(cnf);
    const status = await tracedSolve(solver, call.limit);
    if (status === 'unsatisfiable') {
      steps.push({ deleted: false, lits: [] });
      return { status, steps, solver: 'cadical-wasm (learned clauses, DRUP)' };
    }
    return { status, steps: [], solver: 'cadical-wasm' };
  } finally {
    solver.dispose();
  }
};
