/**
 * What a benchmark can run: the engines (today only `sat`, the SAT solve loop of
 * `src/solve/solve.ts`), the in-process backends and the connectivity encodings it accepts.
 *
 * To add an engine, add its name to `engines` and its solver to `engineSolvers`; the type of
 * `engineSolvers` makes the compiler ask for it. A solver answers with a verdict and the
 * shadings it found (at most two: the benchmark decides uniqueness, it does not enumerate).
 */
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import type { BackendName } from '../sat/backend.js';
import { defaultConnectivity, solveConnectivities, solveHitori, type Verdict } from '../solve/solve.js';

export const engines = ['sat'] as const;
export type Engine = (typeof engines)[number];
export const defaultEngine: Engine = 'sat';

/** The backends that solve in-process (the `external` backend runs a program per solve). */
export const benchBackends = ['cadical', 'minisat'] as const satisfies readonly BackendName[];
export type BenchBackend = (typeof benchBackends)[number];
export const defaultBenchBackend: BenchBackend = 'cadical';

export const benchConnectivities = solveConnectivities;
export type BenchConnectivity = (typeof benchConnectivities)[number];
/** The default of `solveHitori`. */
export const defaultBenchConnectivity: BenchConnectivity = defaultConnectivity;

export interface EngineOptions {
  readonly backend: BenchBackend;
  readonly connectivity: BenchConnectivity;
  /** The engine's own time limit for one puzzle. */
  readonly timeoutMs?: number;
}

export interface EngineAnswer {
  readonly status: Verdict;
  /** The shadings found: one for `unique`, two for `multiple`, none for `none`/`timeout`. */
  readonly solutions: readonly Shading[];
}

export type EngineSolver = (puzzle: Puzzle, options: EngineOptions) => Promise<EngineAnswer>;

export const engineSolvers: Readonly<Record<Engine, EngineSolver>> = {
  sat: async (puzzle, options) => {
    const result = await solveHitori(puzzle, {
      backend: options.backend,
      connectivity: options.connectivity,
      convention: 'literal',
      maxSolutions: 2,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    return { status: result.status, solutions: result.solutions };
  },
};
