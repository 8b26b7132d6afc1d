/**
 * The search aimed at the bound: "is there a valid shading of an m x n board with at least k
 * shaded cells?", answered by a shading (checked by the independent checker) or a refutation.
 * A shading with k = the edge-counting bound (maxblack-bound.ts) is a proof of the maximum.
 *
 * Formula: the one of maxblack.ts (non-adjacency, lazy connectivity cuts by the enclosure lemma,
 * a totalizer for "at least k", lex-leader symmetry breaking) plus, by default, the implied
 * clauses of encodings/bound-structure.ts: the border weight Σε must reach 3k - (m-1)(n-1) plus
 * one per white 2x2 block (each a cycle of the unshaded region). Near the bound they leave the
 * solver little freedom: at slack 0 the border alternates and the unshaded cells form a tree.
 * All added clauses hold in every valid shading with k or more shaded cells, so "unsatisfiable"
 * is a proof (by the solver, not certified: see maxblack-refute.ts for a checkable one).
 */
import { Limit } from '../control/limit.js';
import { TimeoutError } from '../control/errors.js';
import type { Shading } from '../puzzle/puzzle.js';
import { SatSession } from '../solve/session.js';
import { blankBoard } from './maxblack.js';
import { borderCycle, maxBlackBound } from './maxblack-bound.js';

export interface AtLeastOptions {
  /** Bounds the search: past it the answer is `unknown` (a partial result), not an error. */
  readonly limit?: Limit;
  /** A budget of the search's own, counted from when the solver holds the CNF; the earlier of it and `limit` counts. */
  readonly searchMs?: number;
  /** Add the bound's implied clauses (default true). */
  readonly structure?: boolean;
  /** Lex-leader symmetry breaking (default true). */
  readonly symmetry?: boolean;
  /** CaDiCaL's random seed (a different seed is a different search; default 0). */
  readonly seed?: number;
  /**
   * Cells fixed as in a given shading (unit clauses): a search around a known shading, where only
   * the other cells may change. An answer `none` then says nothing about the board as a whole.
   */
  readonly fixed?: { readonly shading: readonly boolean[]; readonly cells: readonly number[] };
  readonly onProgress?: (message: string) => void;
}

export interface AtLeastResult {
  readonly rows: number;
  readonly cols: number;
  /** The k asked for. */
  readonly wanted: number;
  /** `found`: a valid shading with at least k; `none`: the solver refuted k; `unknown`: time ran out. */
  readonly status: 'found' | 'none' | 'unknown';
  /** The shading found (checked), or null. */
  readonly shading: Shading | null;
  /** Its number of shaded cells (0 when none was found). */
  readonly value: number;
  /** The edge-counting upper bound; `value === bound` proves the maximum. */
  readonly bound: number;
  readonly timeMs: number;
  readonly solveCalls: number;
  readonly cuts: number;
}

export async function maxBlackAtLeast(rows: number, cols: number, k: number, options: AtLeastOptions = {}): Promise<AtLeastResult> {
  if (!Number.isSafeInteger(rows) || !Number.isSafeInteger(cols) || rows < 1 || cols < 1)
    throw new RangeError(`a board needs at least one row and one column, got ${rows}x${cols}`);
  if (!Number.isSafeInteger(k) || k < 0) throw new RangeError(`--at-least needs a count of 0 or more, got ${k}`);
  const start = performance.now();
  const { bound, borderWeight } = maxBlackBound(rows, cols);
  const done = (status: AtLeastResult['status'], shading: Shading | null, solveCalls: number, cuts: number): AtLeastResult => ({
    rows,
    cols,
    wanted: k,
    status,
    shading,
    value: shading ? shading.filter(Boolean).length : 0,
    bound,
    timeMs: performance.now() - start,
    solveCalls,
    cuts,
  });
  if (k > bound) return done('none', null, 0, 0);
  const board = blankBoard(rows, cols);
  const n = rows * cols;
  const session = await SatSession.open(board, {
    rules: 'shading',
    cadical: { phase: 1, lucky: 0, seed: options.seed ?? 0 },
    onCuts: (cuts, added) => {
      if (cuts % 100 < added) options.onProgress?.(`${rows}x${cols} >= ${k}: ${cuts} connectivity cuts`);
    },
  });
  try {
    const f = session.formula;
    const cells = Array.from({ length: n }, (_, i) => f.shaded(i));
    if (k > 0) f.add([f.atLeast(cells, k)[k - 1]!]);
    if (options.structure !== false && rows >= 2 && cols >= 2)
      f.boundStructure({ rows, cols, border: borderCycle(rows, cols), borderWeight }, k);
    for (const i of options.fixed?.cells ?? []) f.add([options.fixed!.shading[i] ? f.shaded(i) : -f.shaded(i)]);
    // Symmetry breaking would clash with cells fixed in an arbitrary orientation.
    if (options.symmetry !== false && options.fixed === undefined) f.lexLeader();
    session.load();
    // The search's budget counts from when the solver holds the CNF.
    const limit = (options.limit ?? Limit.none).within(options.searchMs);
    const shading = await session.find([], limit).catch((error: unknown) => {
      if (error instanceof TimeoutError && session.timedOut) return 'unknown' as const;
      throw error;
    });
    const calls = session.stats().solveCalls;
    if (shading === 'unknown') return done('unknown', null, calls, session.cuts);
    if (shading === null) return done('none', null, calls, session.cuts);
    if (shading.filter(Boolean).length < k) throw new Error("maxblack: the solver's shading has fewer shaded cells than asked: a bug");
    return done('found', shading, calls, session.cuts);
  } finally {
    session.dispose();
  }
}
