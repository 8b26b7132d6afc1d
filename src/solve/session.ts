/**
 * The one SAT session: every caller that solves a Hitori formula (solve, the ambiguity map,
 * repair, the generator, maxblack and the fewest symbols) runs this loop, on one solver that
 * stays open between calls:
 *
 *   encode (formula.ts) -> solve under assumptions -> read the shading -> add the connectivity
 *   cuts of a shading that falls apart and solve again -> check it with the independent checker
 *   -> return it; the caller may then block it (or block it under a selector) and ask again.
 *
 * Cuts (encodings/connectivity-cuts.ts) are clauses every valid shading satisfies, whatever the
 * numbers and the assumptions, so they stay for good and "none" is a proof under the
 * assumptions. The shading is read from the shading variables only, never auxiliary ones, and a
 * shading that breaks a rule the formula encodes is a bug: SolverError, never an answer. Every
 * variable, selectors included, comes from the formula's pool.
 *
 * The formula streams to the solver in chunks as it is built, and its last chunk is handed over
 * before the first call; clauses added after it go straight to the solver.
 */
import { blockingClause } from '../../encodings/index.js';
import { CutFinder } from '../../encodings/connectivity-cuts.js';
import { SolverError, TimeoutError } from '../control/errors.js';
import { checkShading } from '../puzzle/check.js';
import { geometryOf } from '../puzzle/geometry.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import type { Backend, BackendName, BackendStats } from '../sat/backend.js';
import { type BackendFactory, createBackend } from '../sat/backends/index.js';
import type { CadicalOptions } from '../sat/backends/cadical.js';
import { type FormulaOptions, HitoriFormula } from './formula.js';

/**
 * CaDiCaL's options for Hitori, chosen by measurement (BENCH.md): decide "unshaded" first
 * (`phase: 0`), since most cells of a solution are unshaded; and no "lucky" pre-search
 * (`lucky: 0`), which CaDiCaL reruns on every incremental call of the solve loop and which made
 * the slowest 17x17s ten times slower.
 */
const cadicalOptions = { phase: 0, lucky: 0 } as const;

/**
 * The finder of a shading's unshaded components that the cuts come from, for the generators'
 * shapes (a random maximal shading, a pattern's check) without reaching into encodings/.
 */
export { CutFinder };

/**
 * The limit (FormulaOptions.limit) bounds building and handing over the formula and every solver
 * call: past it, its TimeoutError. With a signal, `find` also yields to the event loop on its
 * first call and then every `yieldEveryMs` (so that an abort from a timer or an event can land),
 * and throws the signal's reason once it is aborted.
 */
export interface SessionOptions extends FormulaOptions {
  readonly backend?: BackendName;
  /** For the `external` backend: the solver command line. */
  readonly solverCmd?: string;
  /** Makes the backend: `createBackend` (in-process, browser-safe) by default; the Node entry passes `createNodeBackend`. */
  readonly openBackend?: BackendFactory;
  /** CaDiCaL's options (default: unshaded first, no lucky phase). */
  readonly cadical?: CadicalOptions;
  /** Told of each round of cuts: the cuts so far, and how many this round added. */
  readonly onCuts?: (cuts: number, added: number) => void;
}

const yieldEveryMs = 25;

export class SatSession {
  /** SAT calls made, cut rounds included. */
  calls = 0;
  /** Connectivity cuts added (lazy connectivity). */
  cuts = 0;
  /** True once a call ran past the limit (`find` then threw its TimeoutError). */
  timedOut = false;
  private readonly finder: CutFinder | undefined;
  /** The shading of the last model; cells fixed by `known` are filled in once. */
  private readonly model: Uint8Array;
  /** The cells read from each model and blocked: all but the known ones. */
  private readonly open: Int32Array;
  private loaded = false;
  private yielded = Number.NEGATIVE_INFINITY;

  private constructor(
    readonly formula: HitoriFormula,
    private readonly backend: Backend,
    private readonly options: SessionOptions,
  ) {
    const { puzzle } = formula;
    const n = puzzle.rows * puzzle.cols;
    this.model = new Uint8Array(n);
    // A typed array: a million cells on a 1000x1000 grid, held beside the solver.
    const open = new Int32Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const shaded = options.known?.[i] ?? null;
      if (shaded === null) open[count++] = i;
      else this.model[i] = shaded ? 1 : 0;
    }
    this.open = count === n ? open : open.slice(0, count);
    this.finder = formula.lazy ? new CutFinder(geometryOf(puzzle)) : undefined;
  }

  /**
   * Checks the formula's size, opens the solver, then builds the formula (so that a solver that
   * cannot run, an external program missing from the PATH, is reported before seconds of
   * encoding). Past the limit while building: its TimeoutError.
   */
  static async open(puzzle: Puzzle, options: SessionOptions = {}): Promise<SatSession> {
    // Too large: refused before the solver is loaded.
    const expected = HitoriFormula.expectedSize(puzzle, options);
    const backend = await (options.openBackend ?? createBackend)(options.backend ?? 'cadical', {
      cadical: options.cadical ?? cadicalOptions,
      ...(options.solverCmd === undefined ? {} : { solverCmd: options.solverCmd }),
    });
    try {
      // Streamed: the clauses go to the solver as they are built, never held whole in JS.
      return new SatSession(new HitoriFormula(puzzle, options, expected, backend), backend, options);
    } catch (error) {
      backend.dispose();
      throw error;
    }
  }

  /** The backend's name (for messages and results). */
  get backendName(): BackendName {
    return this.backend.name;
  }

  /**
   * Hands the formula to the solver (`find` does it on its first call); from then on each clause
   * added goes straight to it. Past the session's limit while a large formula is handed over:
   * its TimeoutError, the clauses handed over so far staying.
   */
  load(): void {
    if (this.loaded) return;
    this.loaded = true;
    const { limit } = this.options;
    this.formula.handTo(
      this.backend,
      limit === undefined || !limit.bounded
        ? undefined
        : () => {
            limit.check('while the solver took in the CNF');
          },
    );
  }

  /**
   * A connected shading satisfying the clauses under the assumptions, checked by the independent
   * checker against the rules the formula encodes, or null when there is none (a proof).
   * Past the limit (the session's unless given): its TimeoutError, with `timedOut` set.
   */
  async find(assumptions: readonly number[] = [], limit = this.options.limit): Promise<Shading | null> {
    const signal = limit?.signal;
    if (signal !== undefined) {
      if (performance.now() - this.yielded > yieldEveryMs) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        this.yielded = performance.now();
      }
      signal.throwIfAborted();
    }
    this.load();
    const call = limit === undefined ? { assumptions } : { assumptions, limit };
    const { backend, model, open, finder } = this;
    // The shading block is consecutive: cell i is variable first + i.
    const first = this.formula.shaded(0);
    const add = (clause: Int32Array) => backend.addClause(clause);
    for (;;) {
      this.calls++;
      let status: 'satisfiable' | 'unsatisfiable';
      try {
        status = await backend.solve(call);
      } catch (error) {
        // The deadline, not an abort: the caller keeps what it found.
        if (error instanceof TimeoutError && signal?.aborted !== true) this.timedOut = true;
        throw error;
      }
      if (status === 'unsatisfiable') return null;
      for (const i of open) model[i] = backend.value(first + i) ? 1 : 0;
      if (finder !== undefined) {
        const added = finder.cuts(model, this.formula.vars, add);
        if (added > 0) {
          this.cuts += added;
          this.options.onCuts?.(this.cuts, added);
          continue;
        }
      }
      // A plain loop: this runs for every shading found, on every solve that reaches SAT.
      const shading = new Array<boolean>(model.length);
      for (let i = 0; i < model.length; i++) shading[i] = model[i] === 1;
      return this.checked(shading);
    }
  }

  /**
   * Forbids this shading from now on (over the open cells: the known ones are units), or, with
   * `selector`, only while that selector is assumed.
   */
  block(shading: Shading, selector?: number): void {
    const clause = blockingClause(this.formula.vars, shading, this.open);
    this.formula.add(selector === undefined ? clause : [-selector, ...clause]);
  }

  /** After `find` returned a shading: the value of variable v in that model. */
  value(v: number): boolean {
    return this.backend.value(v);
  }

  stats(): BackendStats {
    return this.backend.stats();
  }

  dispose(): void {
    this.backend.dispose();
  }

  /**
   * The shading, or SolverError when it breaks a rule the formula encodes: with `rules: 'shading'`
   * rules 2 and 3 only (rule 1 and the convention are the caller's, over numbers of its choosing).
   */
  private checked(shading: Shading): Shading {
    const { puzzle, options } = this.formula;
    const violations =
      options.rules === 'shading'
        ? checkShading(puzzle, shading).filter((v) => v.rule !== 'repeat')
        : checkShading(puzzle, shading, options.convention);
    if (violations.length > 0)
      throw new SolverError(`the ${this.backend.name} model breaks the rules (${violations[0]!.message}): this is a bug in hitori-sat`);
    return shading;
  }
}
