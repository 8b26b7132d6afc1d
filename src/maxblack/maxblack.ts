/**
 * The maximum number of shaded cells in a valid shading of an R x C board (no two shaded cells
 * share an edge, the unshaded cells form one non-empty connected region; the numbers play no
 * part), proven: a shading with k shaded cells, checked by the independent checker, and the SAT
 * solver's "unsatisfiable" for k + 1.
 *
 * Formula: non-adjacency (encodings/adjacency.ts), connectivity (the enclosure-lemma seeds with
 * lazy cuts, encodings/connectivity-cuts.ts, or the complete distance layers), and "at least k
 * cells shaded" by a totalizer (encodings/cardinality-totalizer.ts) whose output o_k is an
 * assumption, so one incremental solver runs the whole search: find a shading with b shaded
 * cells, assume o_{b+1}, solve again, until unsatisfiable. Each cut added on the way holds in
 * every valid shading (the enclosure lemma), so the final "unsatisfiable" is a proof. The board's
 * rotations and reflections keep a shading valid and its count, so lex-leader constraints
 * (encodings/symmetry-lex.ts) keep one shading per orbit, which loses no answer.
 *
 * A 1x1 board counts 0: the unshaded cells must form a non-empty region (the checker's rule 3 and
 * the encodings agree), so its one cell stays unshaded. OEIS A239231 lists a(1) = 1: it lets the
 * single cell be shaded, an empty set of white cells counting as connected.
 */
import type { Limit } from '../control/limit.js';
import { TimeoutError, TooLargeError } from '../control/errors.js';
import { totalizerLiterals } from '../../encodings/cardinality-totalizer.js';
import { maxBlackBound } from './maxblack-bound.js';
import { type Puzzle, roughCount, type Shading } from '../puzzle/puzzle.js';
import { SatSession } from '../solve/session.js';

export const maxBlackConnectivities = ['lazy', 'layers'] as const;
export type MaxBlackConnectivity = (typeof maxBlackConnectivities)[number];

export interface MaxBlackOptions {
  /** `lazy` (default): enclosure-lemma seeds and cuts; `layers`: the complete distance layers. */
  readonly connectivity?: MaxBlackConnectivity;
  /** Past it the search gives up; the result then holds the best shading found, not proven (a partial result). */
  readonly limit?: Limit;
  /**
   * Ask first for a shading with this many shaded cells (a value believed reachable, e.g. a
   * published one). It only orders the search: when no such shading exists, the search goes on
   * from below, and the result is proven the same way either way.
   */
  readonly from?: number;
  /** Break the board's symmetries with lex-leader constraints (default true; measured: the best shading is found sooner). */
  readonly symmetry?: boolean;
  /** Told of each improvement, for a progress line. */
  readonly onProgress?: (message: string) => void;
}

export interface MaxBlackResult {
  readonly rows: number;
  readonly cols: number;
  /** The most shaded cells found in a valid shading (the maximum when `proven`). */
  readonly value: number;
  /** A valid shading with `value` shaded cells, checked by the independent checker. */
  readonly shading: Shading;
  /** True when no valid shading has `value + 1` shaded cells: see `provenBy`. */
  readonly proven: boolean;
  /**
   * How `proven` was settled: `bound`, the shading meets the edge-counting upper bound
   * (maxblack-bound.ts), so no search above it is needed; `refuted`, the solver found no shading
   * with `value + 1`.
   */
  readonly provenBy: 'bound' | 'refuted' | null;
  /** The edge-counting upper bound (maxblack-bound.ts), stated with every result. */
  readonly bound: number;
  /** Milliseconds until the best shading was found, and in all (the proof included). */
  readonly foundMs: number;
  readonly timeMs: number;
  /** Solve calls and connectivity cuts over the whole search. */
  readonly solveCalls: number;
  readonly cuts: number;
  readonly variables: number;
  readonly clauses: number;
}

/** A board with distinct numbers, so that only rules 2 and 3 constrain the shading. */
export function blankBoard(rows: number, cols: number): Puzzle {
  return { rows, cols, values: Array.from({ length: rows * cols }, (_, i) => i + 1) };
}

/**
 * CaDiCaL's options here: decide "shaded" first (`phase: 1`), since a dense shading is sought;
 * no lucky pre-search on each incremental call (`lucky: 0`), as in the solve loop.
 */
const maxBlackCadical = { phase: 1, lucky: 0 } as const;

/**
 * The most literals the cardinality constraint may have: a 50x50 board has 7.2 million, a 60x60
 * 15 million, whose search passed 900 MB in 40 s.
 */
const maxBlackLiterals = 8e6;

export async function maxBlack(rows: number, cols: number, options: MaxBlackOptions = {}): Promise<MaxBlackResult> {
  if (!Number.isSafeInteger(rows) || !Number.isSafeInteger(cols) || rows < 1 || cols < 1)
    throw new RangeError(`a board needs at least one row and one column, got ${rows}x${cols}`);
  const start = performance.now();
  const board = blankBoard(rows, cols);
  const n = rows * cols;
  const { bound } = maxBlackBound(rows, cols);
  // No valid shading has more than ceil(n/2) shaded cells (pair the cells into dominoes, one
  // shaded cell at most per domino), so ceil(n/2) + 1 is the largest bound ever asked for.
  const cap = Math.ceil(n / 2) + 1;
  // The totalizer grows with the square of the cells: refused before it is built, rather than
  // filling the solver's heap (a 100x100 board: 10^8 literals, an abort at 2 GiB).
  const literals = totalizerLiterals(n, cap);
  if (literals > maxBlackLiterals)
    throw new TooLargeError(
      `the ${rows}x${cols} board's count of shaded cells would take ${roughCount(literals)} literals, more than the ${roughCount(maxBlackLiterals)} allowed; --construct builds a shading of a large square board directly`,
    );
  // Building and loading the CNF of a large board takes seconds (a 40x40: a million clauses):
  // the limit is checked while it grows and while the solver takes it in.
  let session: SatSession | undefined;
  const unfinished = (): MaxBlackResult => ({
    rows,
    cols,
    value: 0,
    shading: new Array<boolean>(n).fill(false),
    proven: false,
    provenBy: null,
    bound,
    foundMs: performance.now() - start,
    timeMs: performance.now() - start,
    solveCalls: 0,
    cuts: 0,
    variables: session?.formula.top ?? 0,
    clauses: 0,
  });
  try {
    let outputs: number[];
    try {
      session = await SatSession.open(board, {
        rules: 'shading',
        connectivity: options.connectivity ?? 'lazy',
        cadical: maxBlackCadical,
        ...(options.limit === undefined ? {} : { limit: options.limit }),
      });
      const { formula } = session;
      outputs = formula.atLeast(
        Array.from({ length: n }, (_, i) => formula.shaded(i)),
        cap,
      );
      // Rotations and reflections keep a shading valid and its count: keep only lex-leaders.
      if (options.symmetry !== false) formula.lexLeader();
      session.load();
    } catch (error) {
      if (error instanceof TimeoutError) return unfinished();
      throw error;
    }
    let best: Shading = new Array<boolean>(n).fill(false);
    let value = 0;
    let foundMs = performance.now() - start;
    let proven = false;
    /**
     * Every valid shading has fewer shaded cells than this: one above the edge-counting bound
     * at first (a shading that meets it needs no refutation), then proven by an unsatisfiable call.
     */
    let above = bound + 1;
    let first = options.from !== undefined && options.from > 1 ? Math.min(options.from, cap, bound) : undefined;
    let unitBound = 0;
    for (;;) {
      const wanted = first ?? value + 1;
      const assume = outputs[wanted - 1];
      // More than n shaded cells cannot be asked for (the totalizer stops at n), nor `above`.
      if (assume === undefined || wanted >= above) {
        proven = true;
        break;
      }
      // Beyond a first guess, the search only ever asks for more than the best shading found, so
      // the bound can be a permanent unit clause, which the solver simplifies with at the root.
      const permanent = first === undefined;
      if (permanent && wanted > unitBound) {
        session.formula.add([assume]);
        unitBound = wanted;
      }
      let shading: Shading | null;
      try {
        shading = await session.find(permanent ? [] : [assume]);
      } catch (error) {
        if (error instanceof TimeoutError && session.timedOut) break;
        throw error;
      }
      if (shading === null) {
        above = wanted;
        if (first === undefined) {
          proven = true;
          break;
        }
        first = undefined;
        continue;
      }
      const count = shading.filter(Boolean).length;
      if (count < wanted) throw new Error(`maxblack: the solver's shading has ${count} shaded cells, fewer than ${wanted}: a bug`);
      best = shading;
      value = count;
      first = undefined;
      foundMs = performance.now() - start;
      options.onProgress?.(`${rows}x${cols}: a valid shading with ${value} shaded cells; trying ${value + 1}`);
    }
    const stats = session.stats();
    return {
      rows,
      cols,
      value,
      shading: best,
      proven,
      provenBy: proven ? (value === bound ? 'bound' : 'refuted') : null,
      bound,
      foundMs,
      timeMs: performance.now() - start,
      solveCalls: stats.solveCalls,
      cuts: session.cuts,
      variables: session.formula.top,
      clauses: stats.clauses,
    };
  } finally {
    session?.dispose();
  }
}
