/**
 * The SAT engine: encode, solve, decode, check, block, repeat, on the one session (session.ts).
 *
 * Each model is decoded to a shading and must pass the independent checker before it counts; a
 * model that fails it is an encoding bug and raises an error rather than reaching the user. The
 * blocking clause ranges over the shading variables only, in both polarities (a second solution
 * may shade a superset or a subset of the first), so auxiliary variables never make one shading
 * count twice. Uniqueness is claimed only after the solver answers "unsatisfiable" with the first
 * solution blocked.
 */
import type { Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { type BackendName, type BackendStats, noStats } from '../sat/backend.js';
import type { BackendFactory } from '../sat/backends/index.js';
import { defaultBackend, defaultConnectivity, keptSolutions, type solveConnectivities, type Verdict } from './defaults.js';
import { SolverError, TimeoutError } from '../control/errors.js';
import { SatSession } from './session.js';
import type { Limit } from '../control/limit.js';

export { defaultConnectivity, solveConnectivities, type Verdict } from './defaults.js';

export interface SatOptions {
  readonly backend?: BackendName;
  /** For the `external` backend: the solver command line. */
  readonly solverCmd?: string;
  readonly convention?: Convention;
  /** `lazy` (default): cuts added when a model falls apart; `layers`: the complete distance-layer CNF. */
  readonly connectivity?: (typeof solveConnectivities)[number];
  /**
   * List up to this many solutions. At least 2 are always sought, to decide uniqueness, and kept:
   * a `multiple` verdict always comes with the two solutions that prove it.
   */
  readonly maxSolutions?: number;
  /**
   * Bounds the solve: past its deadline the result is status `timeout` with the solutions found
   * so far (a partial result, the solve's one way of stopping at a limit). Its signal cancels:
   * checked before every solver call (the solve loop yields to the event loop between calls so
   * that an abort can land), rejecting with the signal's reason. CaDiCaL polls both during a call;
   * MiniSat's call runs to its end (bounded.ts runs it in a worker to end it).
   */
  readonly limit?: Limit;
  /** Told what the solver is doing, for a progress line. */
  readonly onProgress?: (message: string) => void;
  /** Told each solution as soon as it is found and checked (a worker passes them on, so that a time limit keeps them). */
  readonly onSolution?: (shading: Shading) => void;
  /** Told the CNF's size once it is built (a worker passes it on, so that a time limit's report has it). */
  readonly onEncoded?: (size: EncodedSize) => void;
  /**
   * Cells already decided by sound reasoning (true shaded, false unshaded, null open), added as
   * unit clauses, with every clause simplified by them before the solver sees it. They must hold
   * in every solution, or the uniqueness proof is void: the hybrid engine passes only deductions
   * that assume nothing about uniqueness.
   */
  readonly known?: readonly (boolean | null)[];
  /**
   * Makes the backend: `createBackend` (in-process, browser-safe) by default; the Node entry
   * passes `createNodeBackend`, which adds `external`.
   */
  readonly openBackend?: BackendFactory;
}

/** What a solve's CNF is: its encoding's name (connectivity/convention) and size. */
export interface EncodedSize {
  readonly encoding: string;
  readonly variables: number;
  readonly clauses: number;
}

export interface SatResult {
  readonly status: Verdict;
  /** The solutions found, each checked; up to `maxSolutions`, and both of the two that prove `multiple`. */
  readonly solutions: Shading[];
  /** True when every solution was found (the solver proved there are no more). */
  readonly complete: boolean;
  readonly convention: Convention;
  readonly backend: BackendName;
  readonly encoding: string;
  readonly variables: number;
  readonly clauses: number;
  /** Connectivity cuts added during the solve (lazy connectivity). */
  readonly cuts: number;
  readonly stats: BackendStats;
  readonly timeMs: number;
  /**
   * Why the listing ended before the solutions asked for, when the backend failed after the
   * verdict was already proven (two checked solutions: `multiple`): MiniSat's fixed heap fills
   * with the blocking clauses of thousands of solutions. The solutions found are kept.
   */
  readonly stopped?: string;
}

/**
 * The largest CNF, in literals, each backend is given; a larger one is refused before it is built.
 * By measurement (README, size limits): CaDiCaL's wasm heap stops at 2 GiB, reached by a layered
 * 50x50 (41 million literals); a layered 40x40 (16.5 million) peaks at 0.8 GB. MiniSat's fixed
 * 64 MiB heap reports its own limit clearly. An external solver reads a file, bounded like
 * `dimacs`.
 */
const maxLiterals: Record<BackendName, number> = { cadical: 25e6, minisat: 25e6, external: 100e6 };

function cnfAdvice(connectivity: string): string {
  return connectivity === 'layers' ? 'use --connectivity lazy (the default)' : 'no encoding of this size fits';
}

export async function solveHitori(puzzle: Puzzle, options: SatOptions = {}): Promise<SatResult> {
  const start = performance.now();
  const { limit } = options;
  const convention = options.convention ?? 'literal';
  const connectivity = options.connectivity ?? defaultConnectivity;
  const backendName = options.backend ?? defaultBackend;
  // Stopped before the search (encoding, or handing the CNF to the solver): nothing found.
  const stoppedEarly = (): SatResult => {
    const timeMs = performance.now() - start;
    return {
      status: 'timeout',
      solutions: [],
      complete: false,
      convention,
      backend: backendName,
      encoding: `${connectivity}/${convention}`,
      variables: 0,
      clauses: 0,
      cuts: 0,
      stats: noStats(timeMs),
      timeMs,
    };
  };
  let session: SatSession;
  try {
    // The CNF's size is checked before anything is built; a large CNF takes seconds to build, so
    // the time limit stops the encoding too.
    session = await SatSession.open(puzzle, {
      convention,
      connectivity,
      maxLiterals: maxLiterals[backendName],
      advice: cnfAdvice(connectivity),
      backend: backendName,
      ...(options.known === undefined ? {} : { known: options.known }),
      ...(options.solverCmd === undefined ? {} : { solverCmd: options.solverCmd }),
      ...(options.openBackend === undefined ? {} : { openBackend: options.openBackend }),
      ...(limit === undefined ? {} : { limit }),
    });
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    limit?.throwIfAborted();
    return stoppedEarly();
  }
  try {
    const { encoding, variables, clauses } = session.formula;
    options.onEncoded?.({ encoding, variables, clauses });
    limit?.throwIfAborted();
    options.onProgress?.(`encoded ${encoding}: ${variables} variables, ${clauses} clauses; solving with ${backendName}`);
    // A large CNF takes as long to hand over as to build (one wasm call per literal).
    try {
      session.load();
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
      limit?.throwIfAborted();
      return stoppedEarly();
    }
    const { solutions, complete, timedOut, stopped } = await enumerate(session, keptSolutions(options.maxSolutions), options);
    const status: Verdict = timedOut ? 'timeout' : solutions.length === 0 ? 'none' : solutions.length === 1 ? 'unique' : 'multiple';
    return {
      status,
      solutions,
      complete,
      convention,
      backend: backendName,
      encoding,
      variables,
      clauses,
      cuts: session.cuts,
      stats: session.stats(),
      timeMs: performance.now() - start,
      ...(stopped === undefined ? {} : { stopped }),
    };
  } finally {
    session.dispose();
  }
}

/** Finds up to `limit` distinct checked shadings, blocking each one found. */
async function enumerate(session: SatSession, limit: number, { onProgress, onSolution }: SatOptions) {
  const solutions: Shading[] = [];
  try {
    while (solutions.length < limit) {
      const shading = await session.find();
      if (shading === null) return { solutions, complete: true, timedOut: false };
      solutions.push(shading);
      onSolution?.(shading);
      session.block(shading);
      onProgress?.(`found solution ${solutions.length}; looking for another`);
    }
  } catch (error) {
    if (error instanceof TimeoutError && session.timedOut) return { solutions, complete: false, timedOut: true };
    // Two checked solutions prove the verdict: a backend that fails while listing more (MiniSat's
    // fixed heap fills with their blocking clauses) ends the listing, not the answer.
    if (!(error instanceof SolverError) || solutions.length < 2) throw error;
    return { solutions, complete: false, timedOut: false, stopped: error.message };
  }
  return { solutions, complete: false, timedOut: false };
}
