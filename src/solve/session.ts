/**
 * An incremental Hitori SAT session: one CaDiCaL instance holding a puzzle's CNF (lazy
 * connectivity), solved again and again under assumptions. Each model is decoded from the
 * shading variables only; a model whose unshaded cells fall apart gets its connectivity cuts
 * (encodings/connectivity-cuts.ts: clauses every valid shading satisfies, whatever the numbers)
 * and is solved again, so `find` returns only connected shadings, and "none" is a proof under
 * the assumptions. The ambiguity map (backbone) and `repair` use it.
 *
 * `numbers: false` leaves rule 1 and the convention out: the caller states them over variables of
 * its own (from `vars.pool`, the one place variable numbers are invented), as `repair` does when
 * the numbers themselves are variables.
 */
import { encodeHitori } from '../../encodings/index.js';
import { encodeAdjacency } from '../../encodings/adjacency.js';
import { CutFinder, encodeConnectivitySeeds } from '../../encodings/connectivity-cuts.js';
import { assertCnfFits } from '../../encodings/size.js';
import { HitoriVars } from '../../encodings/variables.js';
import { TimeoutError } from '../job/errors.js';
import type { Convention } from '../puzzle/convention.js';
import { geometryOf } from '../puzzle/geometry.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import type { Backend } from '../sat/backend.js';
import { createBackend } from '../sat/backends/index.js';
import type { Clause } from '../sat/cnf.js';
import { Cnf } from '../sat/cnf.js';
import { cadicalOptions } from './solve.js';

export interface SessionOptions {
  readonly convention?: Convention;
  /** Encode rule 1 (and the convention) from the puzzle's numbers (default true). */
  readonly numbers?: boolean;
  /**
   * Cancels the work: `find` yields to the event loop every `yieldEveryMs` (so that an abort from
   * a timer or an event can land) and then throws the signal's reason if it was aborted.
   */
  readonly signal?: AbortSignal;
}

const yieldEveryMs = 25;

export class HitoriSession {
  /** SAT calls made, cut rounds included. */
  calls = 0;
  private readonly finder: CutFinder;
  private readonly model: Uint8Array;
  private yielded = performance.now();

  private constructor(
    readonly puzzle: Puzzle,
    readonly vars: HitoriVars,
    private readonly backend: Backend,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.finder = new CutFinder(geometryOf(puzzle));
    this.model = new Uint8Array(vars.cells);
  }

  static async open(puzzle: Puzzle, options: SessionOptions = {}): Promise<HitoriSession> {
    const backend = await createBackend('cadical', { cadical: cadicalOptions });
    try {
      let vars: HitoriVars;
      let cnf: Cnf;
      if (options.numbers === false) {
        vars = new HitoriVars(puzzle);
        cnf = new Cnf();
        cnf.declare(vars.cells);
        encodeAdjacency(puzzle, vars, cnf);
        encodeConnectivitySeeds(puzzle, vars, cnf);
      } else {
        // As a solve's CaDiCaL CNF is bounded (src/solve/solve.ts): refused before it is built.
        assertCnfFits(puzzle, 'lazy', options.convention ?? 'literal', 25e6, 'no encoding of this size fits');
        ({ cnf, vars } = encodeHitori(puzzle, { connectivity: 'lazy', convention: options.convention ?? 'literal', comments: false }));
      }
      backend.addCnf(cnf);
      return new HitoriSession(puzzle, vars, backend, options.signal);
    } catch (error) {
      backend.dispose();
      throw error;
    }
  }

  addClause(clause: Clause): void {
    this.backend.addClause(clause);
  }

  /** Adds every clause of a CNF, by the backend's bulk path. */
  addCnf(cnf: Cnf): void {
    this.backend.addCnf(cnf);
  }

  /**
   * A connected shading satisfying the clauses under the assumptions (1 shaded), or null when
   * there is none. Past `deadline` (a `Date.now()` value): TimeoutError.
   */
  async find(assumptions: readonly number[], deadline?: number): Promise<Uint8Array | null> {
    const call = deadline === undefined ? { assumptions } : { assumptions, deadline };
    const add = (clause: Int32Array) => this.backend.addClause(clause);
    if (this.signal !== undefined) {
      if (performance.now() - this.yielded > yieldEveryMs) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        this.yielded = performance.now();
      }
      this.signal.throwIfAborted();
    }
    for (;;) {
      this.calls++;
      const status = await this.backend.solve(call);
      if (status === 'unknown') throw new TimeoutError('the time limit passed during a SAT call');
      if (status === 'unsatisfiable') return null;
      for (let i = 0; i < this.vars.cells; i++) this.model[i] = this.backend.value(this.vars.shaded(i)) ? 1 : 0;
      if (this.finder.cuts(this.model, this.vars, add) === 0) return Uint8Array.from(this.model);
    }
  }

  /** After `find` returned a shading: the value of variable v in that model. */
  value(v: number): boolean {
    return this.backend.value(v);
  }

  dispose(): void {
    this.backend.dispose();
  }
}
