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
import { encodeBoundStructure } from '../../encodings/bound-structure.js';
import { encodeAtLeastTotalizer } from '../../encodings/cardinality-totalizer.js';
import { encodeAdjacency } from '../../encodings/adjacency.js';
import { CutFinder, encodeConnectivitySeeds } from '../../encodings/connectivity-cuts.js';
import { encodeLexLeader } from '../../encodings/symmetry-lex.js';
import { HitoriVars } from '../../encodings/variables.js';
import { checkShading } from '../puzzle/check.js';
import { boardSymmetries, geometry } from '../puzzle/geometry.js';
import type { Shading } from '../puzzle/puzzle.js';
import { createBackend } from '../sat/backends/index.js';
import { Cnf } from '../sat/cnf.js';
import { blankBoard } from './maxblack.js';
import { borderCycle, maxBlackBound } from './maxblack-bound.js';

export interface AtLeastOptions {
  readonly timeoutMs?: number;
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
  const vars = new HitoriVars(board);
  const cnf = new Cnf();
  cnf.declare(n);
  encodeAdjacency(board, vars, cnf);
  encodeConnectivitySeeds(board, vars, cnf);
  let counted = 0;
  const fresh = () => vars.pool.id(['count', counted++]);
  const cells = Array.from({ length: n }, (_, i) => vars.shaded(i));
  if (k > 0) {
    const outputs = encodeAtLeastTotalizer(cells, k, fresh, cnf);
    cnf.add([outputs[k - 1]!]);
  }
  if (options.structure !== false && rows >= 2 && cols >= 2)
    encodeBoundStructure({ rows, cols, border: borderCycle(rows, cols), borderWeight }, k, (i) => vars.shaded(i), fresh, cnf);
  for (const i of options.fixed?.cells ?? []) cnf.add([options.fixed!.shading[i] ? vars.shaded(i) : -vars.shaded(i)]);
  // Symmetry breaking would clash with cells fixed in an arbitrary orientation.
  if (options.symmetry !== false && options.fixed === undefined) encodeLexLeader(cells, boardSymmetries(rows, cols), fresh, cnf);
  const backend = await createBackend('cadical', { cadical: { phase: 1, lucky: 0, seed: options.seed ?? 0 } });
  try {
    backend.addCnf(cnf);
    const finder = new CutFinder(geometry(rows, cols));
    const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
    const model = new Uint8Array(n);
    let cuts = 0;
    for (;;) {
      const status = await backend.solve(deadline === undefined ? {} : { deadline });
      const calls = backend.stats().solveCalls;
      if (status === 'unknown') return done('unknown', null, calls, cuts);
      if (status === 'unsatisfiable') return done('none', null, calls, cuts);
      for (let i = 0; i < n; i++) model[i] = backend.value(i + 1) ? 1 : 0;
      const added = finder.cuts(model, vars, (clause) => backend.addClause(clause));
      cuts += added;
      if (added > 0) {
        if (cuts % 100 < added) options.onProgress?.(`${rows}x${cols} >= ${k}: ${cuts} connectivity cuts`);
        continue;
      }
      const shading = Array.from(model, (s) => s === 1);
      const violations = checkShading(board, shading);
      if (violations.length > 0)
        throw new Error(`maxblack: the solver's shading breaks the rules (${violations[0]!.message}): this is a bug in hitori-sat`);
      if (shading.filter(Boolean).length < k) throw new Error("maxblack: the solver's shading has fewer shaded cells than asked: a bug");
      return done('found', shading, calls, cuts);
    }
  } finally {
    backend.dispose();
  }
}
