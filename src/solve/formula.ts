/**
 * A Hitori formula as it is built: the clauses of the rules asked for (encodings/), every
 * variable from one pool (src/sat/variable-pool.ts, through HitoriVars: the shading block first, so cell i
 * is variable i + 1), and the constraint families the generators state on top of the rules:
 * counting (a totalizer), symmetry breaking (lex-leaders), the edge-counting bound's structure,
 * and rule 1 for given numbers under a selector. The session (session.ts) hands it to a solver,
 * maxblack-refute writes it whole for a DRAT check; callers outside solve/ reach the encodings
 * only through it.
 *
 * `rules: 'puzzle'` encodes the whole puzzle (rules 1-3 and the convention, encodings/index.ts);
 * `rules: 'shading'` only rules 2 and 3, which do not depend on the numbers: the caller states
 * rule 1 itself, over the numbers it chooses (`numberRules`) or over variables of its own.
 */
import { encodeHitori } from '../../encodings/index.js';
import { encodeAdjacency } from '../../encodings/adjacency.js';
import { type BoundStructureBoard, encodeBoundStructure } from '../../encodings/bound-structure.js';
import { encodeAtLeastTotalizer } from '../../encodings/cardinality-totalizer.js';
import { encodeConnectivitySeeds } from '../../encodings/connectivity-cuts.js';
import { encodeConnectivityLayers } from '../../encodings/connectivity-layers.js';
import { conventionEncoders } from '../../encodings/conventions.js';
import { assertCnfFits, type CnfSize } from '../../encodings/size.js';
import { encodeLexLeader } from '../../encodings/symmetry-lex.js';
import { encodeUniqueness } from '../../encodings/uniqueness.js';
import { type HitoriKey, HitoriVars } from '../../encodings/variables.js';
import type { Limit } from '../control/limit.js';
import type { Convention } from '../puzzle/convention.js';
import { boardSymmetries } from '../puzzle/geometry.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import type { Backend } from '../sat/backend.js';
import type { Clause } from '../sat/cnf.js';
import { Cnf } from '../sat/cnf.js';

export interface FormulaOptions {
  /** `puzzle` (default): rules 1-3 and the convention from the numbers; `shading`: rules 2 and 3 only. */
  readonly rules?: 'puzzle' | 'shading';
  readonly convention?: Convention;
  /** `lazy` (default): the enclosure-lemma seeds, the session adding cuts; `layers`: the complete distance layers. */
  readonly connectivity?: 'lazy' | 'layers';
  /**
   * With `rules: 'puzzle'`: cells decided beforehand (true shaded, false unshaded, null open),
   * unit clauses that simplify every other clause (encodings/index.ts). They must hold in every
   * solution, or a uniqueness proven on this formula is void.
   */
  readonly known?: readonly (boolean | null)[];
  /** With `rules: 'puzzle'`: refuse (TooLargeError) a CNF estimated above this many literals, before it is built. */
  readonly maxLiterals?: number;
  /** What to do instead, ending the TooLargeError's message. */
  readonly advice?: string;
  /** Past it, building the clauses stops with the limit's TimeoutError (checked every 4,096 clauses). */
  readonly limit?: Limit;
}

export class HitoriFormula {
  readonly vars: HitoriVars;
  /** The encoding's name, e.g. "lazy/literal". */
  readonly encoding: string;
  /** The size of the rules' CNF as first built (before anything the caller adds). */
  readonly variables: number;
  readonly clauses: number;
  readonly lazy: boolean;
  /** The clauses built so far, until the formula is handed to a solver (`handTo`); null after. */
  private pending: Cnf | null;
  /** The solver that holds the formula once it was handed over: later clauses go straight to it. */
  private solver: Pick<Backend, 'addClause' | 'addCnf'> | null = null;
  private readonly watch: (() => void) | undefined;
  private auxiliaries = 0;

  /**
   * With `rules: 'puzzle'` and `maxLiterals`: the CNF's estimated size (encodings/size.ts), or
   * TooLargeError when it exceeds the bound, before anything is built.
   */
  static expectedSize(puzzle: Puzzle, options: FormulaOptions): CnfSize | undefined {
    if (options.rules === 'shading' || options.maxLiterals === undefined) return undefined;
    const connectivity = options.connectivity ?? 'lazy';
    return assertCnfFits(
      puzzle,
      connectivity,
      options.convention ?? 'literal',
      options.maxLiterals,
      options.advice ?? 'no encoding of this size fits',
      options.limit?.bounded ? () => options.limit!.check('while the CNF was sized') : undefined,
    );
  }

  /**
   * `stream`: the solver the formula will be handed to (`handTo`). The clauses go to it in chunks
   * as they are built, so that a large formula is never held whole in JS beside the solver's own
   * copy (a 1000x1000 grid: 4 million clauses); the formula then holds only the last chunk until
   * `handTo`, and cannot be taken whole (`take`).
   */
  constructor(
    readonly puzzle: Puzzle,
    readonly options: FormulaOptions = {},
    expected = HitoriFormula.expectedSize(puzzle, options),
    private readonly stream?: Pick<Backend, 'addClause' | 'addCnf'>,
  ) {
    const convention = options.convention ?? 'literal';
    const connectivity = options.connectivity ?? 'lazy';
    const { limit } = options;
    this.lazy = connectivity === 'lazy';
    this.watch =
      limit === undefined || !limit.bounded
        ? undefined
        : () => {
            limit.check('while the CNF was built');
          };
    if (options.rules === 'shading') {
      this.vars = new HitoriVars(puzzle);
      this.pending = new Cnf();
      this.pending.watch = this.watch;
      if (stream !== undefined) this.pending.spillTo((chunk) => stream.addCnf(chunk));
      this.pending.declare(this.vars.cells);
      encodeAdjacency(puzzle, this.vars, this.pending);
      if (this.lazy) encodeConnectivitySeeds(puzzle, this.vars, this.pending);
      else encodeConnectivityLayers(puzzle, this.vars, this.pending);
      this.encoding = `${connectivity}/shading`;
    } else {
      const encoded = encodeHitori(puzzle, {
        convention,
        connectivity,
        comments: false,
        ...(expected === undefined ? {} : { expected }),
        ...(options.known === undefined ? {} : { known: options.known }),
        ...(this.watch === undefined ? {} : { checkpoint: this.watch }),
        ...(stream === undefined ? {} : { spill: (chunk: Cnf) => stream.addCnf(chunk) }),
      });
      this.vars = encoded.vars;
      this.pending = encoded.cnf;
      this.pending.watch = this.watch;
      this.encoding = encoded.encoding;
    }
    this.variables = this.pending.numVars;
    this.clauses = this.pending.numClauses;
  }

  /**
   * Hands every clause built so far to the solver (its bulk path; `checkpoint` may throw to stop
   * it), and every later one as it is added, one by one or, for a family, in bulk.
   */
  handTo(solver: Pick<Backend, 'addClause' | 'addCnf'>, checkpoint?: () => void): void {
    if (this.pending === null) throw new Error('the formula was handed to a solver already');
    if (this.stream !== undefined && solver !== this.stream) throw new Error('the formula streams to another solver');
    const cnf = this.pending;
    this.pending = null;
    this.solver = solver;
    solver.addCnf(cnf, checkpoint);
  }

  /** All the clauses, for a formula never handed to a solver (maxblack-refute writes it whole). */
  take(): Cnf {
    if (this.pending === null) throw new Error('the formula was handed to a solver already');
    if (this.stream !== undefined) throw new Error('the formula streams to a solver: it is not held whole');
    return this.pending;
  }

  /** "Cell i is shaded". */
  shaded(i: number): number {
    return this.vars.shaded(i);
  }

  /** The variable of `key` (a selector, an auxiliary of the caller's), from the pool. */
  variable(key: HitoriKey): number {
    return this.vars.pool.id(key);
  }

  /** `size` consecutive variables for the family `key`, from the pool; returns the first. */
  block(key: HitoriKey, size: number): number {
    return this.vars.pool.block(key, size);
  }

  /** The highest variable number handed out. */
  get top(): number {
    return this.vars.pool.top;
  }

  add(clause: Clause): void {
    if (this.solver !== null) this.solver.addClause(clause);
    else this.pending!.add(clause);
  }

  /** A DIMACS comment line (without the leading "c "). */
  comment(line: string): void {
    this.take().comments.push(line);
  }

  /** "At least k of `literals`" by a totalizer (encodings/cardinality-totalizer.ts): o_k is `outputs[k - 1]`, k up to `cap`. */
  atLeast(literals: readonly number[], cap: number): number[] {
    return this.family((cnf) => encodeAtLeastTotalizer(literals, cap, this.fresh, cnf));
  }

  /** Keeps one shading per orbit of the board's rotations and reflections (encodings/symmetry-lex.ts). */
  lexLeader(): void {
    const { rows, cols } = this.puzzle;
    const cells = Array.from({ length: this.vars.cells }, (_, i) => this.vars.shaded(i));
    this.family((cnf) => encodeLexLeader(cells, boardSymmetries(rows, cols), this.fresh, cnf));
  }

  /** The implied clauses of "at least k shaded" on a board (encodings/bound-structure.ts); returns the slack. */
  boundStructure(board: BoundStructureBoard, k: number): number {
    return this.family((cnf) => encodeBoundStructure(board, k, (i) => this.vars.shaded(i), this.fresh, cnf));
  }

  /**
   * Rule 1 (encodings/uniqueness.ts) for the numbers `values`, over the pairs of cells `pair`
   * admits (default all), and with `convention` that convention's clauses; with `unless`, each
   * clause holds only while that selector is assumed (its negation is added to the clause).
   */
  numberRules(
    values: readonly number[],
    options: { readonly unless?: number; readonly pair?: (x: number, y: number) => boolean; readonly convention?: Convention } = {},
  ): void {
    const board: Puzzle = { rows: this.puzzle.rows, cols: this.puzzle.cols, values };
    const first = this.vars.shaded(0);
    const { unless, pair } = options;
    // Built apart and copied, both under the formula's limit: generate's repair loop states
    // these on a 30x30 for every numbering it tries, ~50 ms at a time on a loaded machine.
    const rules = this.scratch();
    encodeUniqueness(board, this.vars, rules);
    rules.forEach((clause, k) => {
      if ((k & 4095) === 4095) this.watch?.();
      if (pair !== undefined && !pair(clause[0]! - first, clause[1]! - first)) return;
      this.add(unless === undefined ? clause : [-unless, ...clause]);
    });
    const extra = options.convention === undefined ? null : conventionEncoders[options.convention];
    if (extra === null) return;
    const more = this.scratch();
    extra(board, this.vars, more);
    more.forEach((clause, k) => {
      if ((k & 4095) === 4095) this.watch?.();
      this.add(unless === undefined ? clause : [-unless, ...clause]);
    });
  }

  /** Encodes a constraint family into the formula: built in place, or, once handed over, built apart and added in bulk. */
  private family<T>(encode: (cnf: Cnf) => T): T {
    if (this.pending !== null) return encode(this.pending);
    const cnf = this.scratch();
    const out = encode(cnf);
    this.solver!.addCnf(cnf);
    return out;
  }

  private readonly fresh = (): number => this.vars.pool.id(['aux', this.auxiliaries++]);

  /** An empty CNF to build clauses apart in, watched by the formula's limit as the formula itself is. */
  private scratch(): Cnf {
    const cnf = new Cnf();
    cnf.watch = this.watch;
    return cnf;
  }
}
