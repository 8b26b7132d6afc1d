/**
 * Growing a record shading: from a valid shading of an m x n board, one of (m+6) x (n+6) with
 * 2m + 2n + 12 more shaded cells, by SAT on two strips. A source that meets the edge-counting
 * bound (maxblack-bound.ts) gives a grown shading that meets it too, so a proof of the maximum.
 *
 * Why six lines. For m, n ≥ 4 the bound is ⌊(mn + c)/3⌋ where c depends only on the parities of
 * m and n: (m-1)(n-1) + W with W = m + n + (m mod 2) + (n mod 2), less one when both are odd (then
 * at least 5), is mn + 2 (both odd, or one odd) or mn + 1 (both even). Adding six rows keeps both
 * parities and adds 6n to mn: the bound grows by exactly 2n. So a strip of six rows with 2n
 * shaded cells keeps the gap to the bound, whatever it was. (A side of 3 is odd without the
 * sharper form, so there the grown board's bound may be one less than the source's gap allows;
 * the search asks for the count either way and the result states the new bound.)
 *
 * Rows: cut the source between rows `cut` and `cut + 1`, put six blank rows there, fix every cell
 * as in the source except the six new rows and `pad` rows of the source on each side of them,
 * and ask the aimed search (maxblack-aimed.ts, with its bound-structure clauses and lazy
 * connectivity cuts) for a shading of the (m+6) x n board with s + 2n shaded cells (s the
 * source's). In a shading at the bound the count (*) of maxblack-bound.ts is exact, so the strip
 * must leave the unshaded cells a tree (up to the source's own cycles) and continue the border's
 * alternation: a narrow question that the solver answers in seconds when the seam allows it, and
 * refutes or leaves open when it does not; then the next cut is tried. Columns: the same on the
 * transpose. Found shadings are checked by the independent checker (in maxblack-aimed.ts).
 */
import type { Limit } from '../control/limit.js';
import { maxBlackAtLeast } from './maxblack-aimed.js';
import { maxBlackBound } from './maxblack-bound.js';

export interface GrowOptions {
  /** Time for one cut's search (default 20 s); a cut left open moves on to the next. */
  readonly attemptMs?: number;
  /** Source lines kept free on each side of the new strip (default 1). */
  readonly pad?: number;
  /** Cuts to try for the rows (after source row `cut`), in order; default 1, 2, ..., m - 3. */
  readonly rowCuts?: readonly number[];
  /** The same for the columns (cut after source column `cut`); default 1, 2, ..., n - 3. */
  readonly colCuts?: readonly number[];
  /** CaDiCaL's random seed for each search (default 0). */
  readonly seed?: number;
  /** Past it no further cut is tried (the result is then `unknown`, a partial result). */
  readonly limit?: Limit;
  readonly onProgress?: (message: string) => void;
}

export interface GrowResult {
  readonly rows: number;
  readonly cols: number;
  /** `found`: a valid shading with the source's count plus 2m + 2n + 12; `unknown`: no cut worked. */
  readonly status: 'found' | 'unknown';
  readonly shading: boolean[] | null;
  readonly value: number;
  readonly bound: number;
  /** The cuts that worked (row cut in the source, column cut in the row-grown board), or null. */
  readonly rowCut: number | null;
  readonly colCut: number | null;
  readonly timeMs: number;
}

interface Strip {
  readonly shading: boolean[];
  readonly cut: number;
}

/** Six new rows after source row `cut`, by SAT over them and `pad` source rows either side. */
async function insertRows(
  rows: number,
  cols: number,
  shading: readonly boolean[],
  cuts: readonly number[],
  options: GrowOptions,
): Promise<Strip | null> {
  const pad = options.pad ?? 1;
  const grown = rows + 6;
  const wanted = shading.filter(Boolean).length + 2 * cols;
  for (const cut of cuts) {
    if (cut < 0 || cut >= rows) throw new RangeError(`a cut must lie after one of the rows 0..${rows - 1}, got ${cut}`);
    if (options.limit?.expired === true) return null;
    const base = new Array<boolean>(grown * cols).fill(false);
    const fixed: number[] = [];
    for (let r = 0; r < grown; r++) {
      const source = r <= cut ? r : r >= cut + 7 ? r - 6 : -1;
      const free = r >= cut + 1 - pad && r <= cut + 6 + pad;
      for (let c = 0; c < cols; c++) {
        if (source >= 0) base[r * cols + c] = shading[source * cols + c]!;
        if (!free) fixed.push(r * cols + c);
      }
    }
    const result = await maxBlackAtLeast(grown, cols, wanted, {
      ...(options.limit === undefined ? {} : { limit: options.limit }),
      searchMs: options.attemptMs ?? 20_000,
      seed: options.seed ?? 0,
      fixed: { shading: base, cells: fixed },
    });
    options.onProgress?.(`${grown}x${cols} >= ${wanted}, six rows after row ${cut}: ${result.status}`);
    if (result.status === 'found' && result.shading) return { shading: [...result.shading], cut };
  }
  return null;
}

function transpose(rows: number, cols: number, shading: readonly boolean[]): boolean[] {
  const out = new Array<boolean>(rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = shading[r * cols + c]!;
  return out;
}

export async function growShading(rows: number, cols: number, shading: readonly boolean[], options: GrowOptions = {}): Promise<GrowResult> {
  if (rows < 3 || cols < 3 || shading.length !== rows * cols)
    throw new RangeError(`growing needs a shading of a board of at least 3x3, got ${shading.length} cells for ${rows}x${cols}`);
  const start = performance.now();
  const bound = maxBlackBound(rows + 6, cols + 6).bound;
  const span = (k: number) => Array.from({ length: k - 3 }, (_, i) => i + 1);
  const unknown = (rowCut: number | null): GrowResult => ({
    rows: rows + 6,
    cols: cols + 6,
    status: 'unknown',
    shading: null,
    value: 0,
    bound,
    rowCut,
    colCut: null,
    timeMs: performance.now() - start,
  });
  const tall = await insertRows(rows, cols, shading, options.rowCuts ?? span(rows), options);
  if (!tall) return unknown(null);
  // Columns: rows of the transpose.
  const wide = await insertRows(cols, rows + 6, transpose(rows + 6, cols, tall.shading), options.colCuts ?? span(cols), options);
  if (!wide) return unknown(tall.cut);
  const grown = transpose(cols + 6, rows + 6, wide.shading);
  return {
    rows: rows + 6,
    cols: cols + 6,
    status: 'found',
    shading: grown,
    value: grown.filter(Boolean).length,
    bound,
    rowCut: tall.cut,
    colCut: wide.cut,
    timeMs: performance.now() - start,
  };
}
