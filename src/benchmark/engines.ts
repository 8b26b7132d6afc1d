/**
 * What a benchmark can run: the engines of `solve --engine` (`src/solve/engines.ts`: `sat`, the
 * SAT solve loop; `rules`, the rule engine alone; `hybrid`, rules first and SAT for the rest), the
 * in-process backends and the connectivity encodings.
 *
 * The engine list is the solve command's own, so an engine added there is benchmarked here with
 * no change. An engine answers with a verdict and the shadings it found (at most two: the
 * benchmark decides uniqueness, it does not enumerate); `rules` may also answer `stuck`.
 */
import type { Limit } from '../control/limit.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import type { BackendName } from '../sat/backend.js';
import { defaultEngine as solveDefault, solveWithEngine, type Engine as SolveEngine, type Proof } from '../solve/engines.js';
import { defaultConnectivity, solveConnectivities, type Verdict } from '../solve/defaults.js';

export type Engine = SolveEngine;
/** The default of `solve`. */
export const defaultEngine: Engine = solveDefault;

/** The backends that solve in-process (the `external` backend runs a program per solve). */
export const benchBackends = ['cadical', 'minisat'] as const satisfies readonly BackendName[];
export type BenchBackend = (typeof benchBackends)[number];
export const defaultBenchBackend: BenchBackend = 'cadical';

export const benchConnectivities = solveConnectivities;
export type BenchConnectivity = (typeof benchConnectivities)[number];
/** The default of `solveHitori`. */
export const defaultBenchConnectivity: BenchConnectivity = defaultConnectivity;

export interface BenchConfig {
  readonly engine: Engine;
  readonly backend: BenchBackend;
  readonly connectivity: BenchConnectivity;
  /** The engine's own limit for one puzzle (the solve's partial `timeout` past it). */
  readonly limit?: Limit;
}

export interface EngineAnswer {
  /** `stuck`: the rule engine alone could not decide every cell. */
  readonly status: Verdict | 'stuck';
  /** The shadings found: one for `unique`, two for `multiple`, none otherwise. */
  readonly solutions: readonly Shading[];
  /** How the verdict was proven (deductions alone, or SAT); null without a verdict. */
  readonly proof: Proof;
}

/** Solves one puzzle with the engine, under the rules as written, seeking two solutions. */
export async function solveWith(puzzle: Puzzle, options: BenchConfig): Promise<EngineAnswer> {
  const result = await solveWithEngine(puzzle, {
    engine: options.engine,
    backend: options.backend,
    connectivity: options.connectivity,
    convention: 'literal',
    maxSolutions: 2,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  return { status: result.status, solutions: result.solutions, proof: result.proof };
}
