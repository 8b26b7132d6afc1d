/**
 * A refutation of "some valid shading of an m x n board has at least k shaded cells" that others
 * can check: the complete CNF (non-adjacency, the distance-layer connectivity of
 * encodings/connectivity-layers.ts, and a totalizer "at least k" with its output as a unit
 * clause; no lazy cuts, no implied clauses, no symmetry breaking, so every valid shading with k
 * or more shaded cells is a model and the certificate covers the whole claim), solved with a
 * DRAT proof that is then checked (src/solve/drat-refutation.ts).
 *
 * Node only: it runs a solver program and writes files.
 */
import { join } from 'node:path';
import type { Limit } from '../control/limit.js';
import { type DratRefutation, refuteWithDrat } from '../solve/drat-refutation.js';
import { HitoriFormula } from '../solve/formula.js';
import { blankBoard } from './maxblack.js';

/** The complete formula of "a valid shading of rows x cols with at least k shaded cells". */
function maxBlackFormula(rows: number, cols: number, k: number): HitoriFormula {
  const n = rows * cols;
  const formula = new HitoriFormula(blankBoard(rows, cols), { rules: 'shading', connectivity: 'layers' });
  formula.comment(`hitori-sat maxblack: a valid shading of a ${rows}x${cols} board with at least ${k} shaded cells`);
  formula.comment('variables 1..rows*cols: cell shaded (row-major); non-adjacency, distance-layer connectivity, totalizer');
  const outputs = formula.atLeast(
    Array.from({ length: n }, (_, i) => formula.shaded(i)),
    k,
  );
  const o = outputs[k - 1];
  formula.add(o === undefined ? [] : [o]);
  return formula;
}

/** The complete CNF of "a valid shading of rows x cols with at least k shaded cells". */
export function maxBlackCnf(rows: number, cols: number, k: number) {
  return maxBlackFormula(rows, cols, k).take();
}

/**
 * Solves the complete CNF of "at least k" with `solver` (a CaDiCaL binary; Debian's `cadical`),
 * the DRAT proof written to `dir`, and checks the proof.
 */
export function refuteAtLeast(
  rows: number,
  cols: number,
  k: number,
  options: { readonly dir: string; readonly solver?: string; readonly limit?: Limit; readonly checkLimit?: Limit },
): Promise<DratRefutation> {
  const { dir, ...rest } = options;
  return refuteWithDrat(maxBlackFormula(rows, cols, k), { proofPath: join(dir, `maxblack-${rows}x${cols}-${k}.drat`), ...rest });
}
