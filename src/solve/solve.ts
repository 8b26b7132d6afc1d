/**
 * The SAT engine: encode, solve, decode, check, block, repeat.
 *
 * Each model is decoded to a shading and must pass the independent checker before it counts; a
 * model that fails it is an encoding bug and raises an error rather than reaching the user. The
 * blocking clause ranges over the shading variables only, in both polarities (a second solution
 * may shade a superset or a subset of the first), so auxiliary variables never make one shading
 * count twice. Uniqueness is claimed only after the solver answers "unsatisfiable" with the first
 * solution blocked.
 */
import { blockingClause, encodeHitori } from '../../encodings/index.js';
import type { HitoriVars } from '../../encodings/variables.js';
import { CutFinder } from '../../encodings/connectivity-cuts.js';
import { assertCnfFits } from '../../encodings/size.js';
import { geometryOf } from '../puzzle/geometry.js';
import { checkShading } from '../puzzle/check.js';
import type { Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { type Backend, type BackendName, type BackendStats, noStats } from '../sat/backend.js';
import { createBackend, type BackendFactory } from '../sat/backends/index.js';
import { defaultBackend, defaultConnectivity, keptSolutions, type solveConnectivities, type Verdict } from './defaults.js';
import { SolverError } from '../job/errors.js';

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
  /** Give up after this many milliseconds with status `timeout`. */
  readonly timeoutMs?: number;
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
  /**
   * Cancels the solve: checked before every solver call, and the solve loop yields to the event
   * loop between calls so that an abort from a timer or an event can land. One solver call runs
   * on the calling thread and is not interrupted; `timeoutMs` is (CaDiCaL polls its deadline).
   */
  readonly signal?: AbortSignal;
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

/**
 * CaDiCaL's options for Hitori, chosen by measurement (BENCH.md): decide "unshaded" first
 * (`phase: 0`), since most cells of a solution are unshaded; and no "lucky" pre-search
 * (`lucky: 0`), which CaDiCaL reruns on every incremental call of the solve loop and which made
 * the slowest 17x17s ten times slower.
 */
export const cadicalOptions = { phase: 0, lucky: 0 } as const;

export async function solveHitori(puzzle: Puzzle, options: SatOptions = {}): Promise<SatResult> {
  const start = performance.now();
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  const convention = options.convention ?? 'literal';
  const connectivity = options.connectivity ?? defaultConnectivity;
  const expected = assertCnfFits(puzzle, connectivity, convention, maxLiterals[options.backend ?? defaultBackend], cnfAdvice(connectivity));
  // The deduction units are sound consequences of rules 1 and 2 (encodings/deductions.ts): they
  // spare the solver some search and cut no solution.
  // A large CNF takes seconds to build: the time limit stops the encoding too.
  // Stopped before the search (encoding, or handing the CNF to the solver): nothing found.
  const stoppedEarly = (): SatResult => {
    const timeMs = performance.now() - start;
    return {
      status: 'timeout',
      solutions: [],
      complete: false,
      convention,
      backend: options.backend ?? defaultBackend,
      encoding: `${connectivity}/${convention}`,
      variables: 0,
      clauses: 0,
      cuts: 0,
      stats: noStats(timeMs),
      timeMs,
    };
  };
  const backendName = options.backend ?? defaultBackend;
  // Opened before the CNF is built: a solver that cannot run (an external program missing from
  // the PATH) is reported at once, not after seconds of encoding.
  const backend = await (options.openBackend ?? createBackend)(backendName, {
    cadical: cadicalOptions,
    ...(options.solverCmd === undefined ? {} : { solverCmd: options.solverCmd }),
  });
  let encoded: ReturnType<typeof encodeHitori>;
  try {
    encoded = encodeHitori(puzzle, {
      convention,
      connectivity,
      comments: false,
      expected,
      // Known cells come from a deduction core that covers these line patterns (src/rules/core.ts):
      // their units would all be dropped as satisfied.
      deductions: options.known === undefined,
      ...(options.known === undefined ? {} : { known: options.known }),
      ...(deadline === undefined ? {} : { checkpoint: () => pastDeadline(deadline) }),
    });
  } catch (error) {
    backend.dispose();
    if (!(error instanceof EncodingTimeout)) throw error;
    return stoppedEarly();
  }
  const { cnf, vars, encoding } = encoded;
  try {
    options.onEncoded?.({ encoding, variables: cnf.numVars, clauses: cnf.numClauses });
    options.signal?.throwIfAborted();
    options.onProgress?.(`encoded ${encoding}: ${cnf.numVars} variables, ${cnf.numClauses} clauses; solving with ${backendName}`);
    // A large CNF takes as long to hand over as to build (one wasm call per literal).
    try {
      backend.addCnf(cnf, deadline === undefined ? undefined : () => pastDeadline(deadline));
    } catch (error) {
      if (!(error instanceof EncodingTimeout)) throw error;
      return stoppedEarly();
    }
    const wanted = keptSolutions(options.maxSolutions);
    const { solutions, complete, timedOut, cuts, stopped } = await enumerate({
      puzzle,
      backend,
      vars,
      convention,
      limit: wanted,
      deadline,
      onProgress: options.onProgress,
      lazy: connectivity === 'lazy',
      signal: options.signal,
      onSolution: options.onSolution,
      known: options.known,
    });
    const status: Verdict = timedOut ? 'timeout' : solutions.length === 0 ? 'none' : solutions.length === 1 ? 'unique' : 'multiple';
    return {
      status,
      solutions,
      complete,
      convention,
      backend: backendName,
      encoding,
      variables: cnf.numVars,
      clauses: cnf.numClauses,
      cuts,
      stats: backend.stats(),
      timeMs: performance.now() - start,
      ...(stopped === undefined ? {} : { stopped }),
    };
  } finally {
    backend.dispose();
  }
}

/** Thrown by the encoding's checkpoint once the deadline has passed. */
class EncodingTimeout extends Error {}

function pastDeadline(deadline: number): void {
  if (Date.now() > deadline) throw new EncodingTimeout();
}

interface EnumerateJob {
  readonly puzzle: Puzzle;
  readonly backend: Backend;
  readonly vars: HitoriVars;
  readonly convention: Convention;
  /** Stop after this many solutions. */
  readonly limit: number;
  readonly deadline: number | undefined;
  readonly onProgress: ((message: string) => void) | undefined;
  /** Lazy connectivity: add the cuts of a model that falls apart and solve again. */
  readonly lazy: boolean;
  readonly signal: AbortSignal | undefined;
  readonly onSolution: ((shading: Shading) => void) | undefined;
  /** The cells fixed by unit clauses (see SatOptions.known): read from here, not the model. */
  readonly known: readonly (boolean | null)[] | undefined;
}

/** Finds up to `limit` distinct checked shadings, blocking each one found. */
async function enumerate({
  puzzle,
  backend,
  vars,
  convention,
  limit,
  deadline,
  onProgress,
  lazy,
  signal,
  onSolution,
  known,
}: EnumerateJob) {
  const solutions: Shading[] = [];
  let cuts = 0;
  const call = deadline === undefined ? {} : { deadline };
  // Reused every round: the model's shading (the known cells filled in once) and the component finder.
  const model = new Uint8Array(vars.cells);
  const open: number[] = [];
  for (let i = 0; i < vars.cells; i++) {
    const shaded = known?.[i] ?? null;
    if (shaded === null) open.push(i);
    else model[i] = shaded ? 1 : 0;
  }
  const finder = lazy ? new CutFinder(geometryOf(puzzle)) : undefined;
  const addClause = (clause: Int32Array) => backend.addClause(clause);
  try {
    while (solutions.length < limit) {
      if (signal !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        signal.throwIfAborted();
      }
      const status = await backend.solve(call);
      if (status === 'unknown') return { solutions, complete: false, timedOut: true, cuts };
      if (status === 'unsatisfiable') return { solutions, complete: true, timedOut: false, cuts };
      decodeShading(backend, vars, open, model);
      if (finder) {
        const added = finder.cuts(model, vars, addClause);
        cuts += added;
        if (added > 0) continue;
      }
      const shading = Array.from(model, (s) => s === 1);
      const violations = checkShading(puzzle, shading, convention);
      if (violations.length > 0) {
        throw new SolverError(`the ${backend.name} model breaks the rules (${violations[0]!.message}): this is a bug in hitori-sat`);
      }
      solutions.push(shading);
      onSolution?.(shading);
      // Over the open cells only: the known ones are units, the same in every model.
      backend.addClause(blockingClause(vars, shading, open));
      onProgress?.(`found solution ${solutions.length}; looking for another`);
    }
  } catch (error) {
    // Two checked solutions prove the verdict: a backend that fails while listing more (MiniSat's
    // fixed heap fills with their blocking clauses) ends the listing, not the answer.
    if (!(error instanceof SolverError) || solutions.length < 2) throw error;
    return { solutions, complete: false, timedOut: false, cuts, stopped: error.message };
  }
  return { solutions, complete: false, timedOut: false, cuts };
}

/**
 * The shading of the backend's current model on the given cells, 1 for a shaded cell, read from
 * the shading variables only (never the auxiliary ones) into `into`, which the solve loop reuses
 * every round.
 */
function decodeShading(backend: Pick<Backend, 'value'>, vars: HitoriVars, cells: readonly number[], into: Uint8Array): void {
  for (const i of cells) into[i] = backend.value(vars.shaded(i)) ? 1 : 0;
}
