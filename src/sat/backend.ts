/**
 * The one interface every SAT backend implements: add clauses, solve (optionally under
 * assumptions, optionally bounded by a limit), read the model, report statistics. It knows
 * nothing of Hitori.
 */
import type { Limit } from '../control/limit.js';
import type { Clause, Cnf } from './cnf.js';

export const backendNames = ['cadical', 'minisat', 'external'] as const;
export type BackendName = (typeof backendNames)[number];

export type SolveStatus = 'satisfiable' | 'unsatisfiable' | 'unknown';

export interface SolveCall {
  /** Literals that hold for this call only. */
  readonly assumptions?: readonly number[];
  /** Past it the solver gives up: `solve` throws the limit's TimeoutError (the one way a backend stops at a limit). */
  readonly limit?: Limit;
}

export interface BackendStats {
  readonly variables: number;
  readonly clauses: number;
  /** Conflicts summed over all solve calls, where the solver reports them (else null). */
  readonly conflicts: number | null;
  readonly solveCalls: number;
  /** Milliseconds spent inside solve calls. */
  readonly solveMs: number;
}

/** The statistics of a solve that never reached a SAT solver. */
export function noStats(solveMs = 0): BackendStats {
  return { variables: 0, clauses: 0, conflicts: null, solveCalls: 0, solveMs };
}

export interface Backend {
  readonly name: BackendName;
  /** Whether `solve` honours a limit while it runs (else it can only check between calls). */
  readonly interruptible: boolean;
  addClause(clause: Clause): void;
  /**
   * Adds every clause of a CNF, using the backend's bulk path where it has one. `checkpoint`,
   * when given, is called every few thousand clauses and may throw to stop (a time limit: a
   * layered 35x35 CNF takes seconds to hand over); the clauses added so far stay added.
   */
  addCnf(cnf: Cnf, checkpoint?: () => void): void;
  /** Satisfiable or unsatisfiable; past the call's limit, the limit's TimeoutError (never `unknown`). */
  solve(call?: SolveCall): Promise<Exclude<SolveStatus, 'unknown'>>;
  /** After `satisfiable`: the value of variable v in the model. */
  value(v: number): boolean;
  stats(): BackendStats;
  /** Frees native memory or temporary files; the backend is unusable afterwards. */
  dispose(): void;
}
