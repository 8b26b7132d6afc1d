/**
 * Maximum black cells by dynamic programming over a broken profile (a transfer matrix), a second
 * method beside the SAT proof of `maxblack.ts` that shares nothing with it: used to verify its
 * values (OEIS A239231 says its terms need independent verification).
 *
 * The board is walked cell by cell in row-major order along its shorter side w. The state is the
 * profile, the last w cells walked (for column c: the cell of the current row if c is already
 * done, else the one of the row above), each either shaded or the label of the unshaded region
 * it belongs to so far, plus a flag "an unshaded region was closed off". A cell may be shaded
 * unless the cell above or to its left is; shading it drops the cell above from the profile, and
 * if that was the last profile cell of its region, the region can never grow again: that is
 * allowed only when no other unshaded cell is on the profile, and from then on every cell must
 * be shaded (an unshaded one would start a second region). An unshaded cell merges the regions
 * above and to its left. At the end exactly one region must exist. For each state only the most
 * shaded cells so far matter, so each step keeps one number per state: the profile's number of
 * states grows about 2.1 times per unit of width (31,608 at width 14), and the time with it.
 * As for `maxBlack`, a 1x1 board counts 0 (the unshaded region must not be empty).
 *
 * With `witness`, each step also keeps, per state, the state it came from and whether the cell
 * was shaded (two typed arrays per cell, a few MB at width 12), so that a shading with the
 * maximum can be read back from the best final state: the count then comes with a shading that
 * the independent checker can judge, and the DP is a certificate of the value both ways.
 */
import { Limit } from '../control/limit.js';

/** Profile codes: 0 no cell yet (first row), 1 shaded, 2.. the label of an unshaded region. */
const NONE = 0;
const SHADED = 1;
const FRESH = 255;

export interface TransferResult {
  /** The most shaded cells in a valid shading, or null when the limit passed first (a partial result: no value). */
  readonly maxShaded: number | null;
  /** The most profile states alive at once. */
  readonly peakStates: number;
  readonly timeMs: number;
  /** With `witness`: a valid shading (row-major, rows x cols) with `maxShaded` shaded cells; else null. */
  readonly shading: boolean[] | null;
}

export function transferMaxBlack(
  rows: number,
  cols: number,
  options: { readonly limit?: Limit; readonly witness?: boolean } = {},
): TransferResult {
  const witness = options.witness === true;
  const limit = options.limit ?? Limit.none;
  const started = performance.now();
  const width = Math.min(rows, cols);
  const length = Math.max(rows, cols);
  const cells = new Uint8Array(width);
  const after = new Uint8Array(width);
  const rename = new Uint8Array(256);
  const codes = new Array<number>(width + 1);
  let states = new Map<string, number>();
  let next = new Map<string, number>();
  let peakStates = 1;
  // Witness bookkeeping: per step, for each state of `next` in insertion order (a Map keeps it),
  // its predecessor's position in `states` and whether the cell was shaded.
  const slot = new Map<string, number>();
  let pred: number[] = [];
  let shadedHere: number[] = [];
  const steps: { pred: Int32Array; shaded: Uint8Array }[] = [];
  let from = 0;

  /** Keeps `best` for the state (after, closed), its labels renumbered by first appearance. */
  const put = (closed: boolean, best: number, shaded: boolean) => {
    rename.fill(0);
    let label = 2;
    for (let k = 0; k < width; k++) {
      const v = after[k]!;
      if (v >= 2 && rename[v] === 0) rename[v] = label++;
      codes[k] = v >= 2 ? rename[v]! : v;
    }
    codes[width] = closed ? 1 : 0;
    const key = String.fromCharCode(...codes);
    const old = next.get(key);
    if (old === undefined || old < best) {
      next.set(key, best);
      if (witness) {
        let at = slot.get(key);
        if (at === undefined) {
          at = pred.length;
          slot.set(key, at);
          pred.push(0);
          shadedHere.push(0);
        }
        pred[at] = from;
        shadedHere[at] = shaded ? 1 : 0;
      }
    }
  };

  states.set(String.fromCharCode(...new Array<number>(width + 1).fill(NONE)), 0);
  for (let i = 0; i < width * length; i++) {
    if ((i & 7) === 0 && limit.expired) return { maxShaded: null, peakStates, timeMs: performance.now() - started, shading: null };
    const c = i % width;
    next.clear();
    slot.clear();
    pred = [];
    shadedHere = [];
    from = -1;
    for (const [key, best] of states) {
      from++;
      for (let k = 0; k < width; k++) cells[k] = key.charCodeAt(k);
      const closed = key.charCodeAt(width) === 1;
      const up = cells[c]!;
      const left = c > 0 ? cells[c - 1]! : NONE;
      if (up !== SHADED && left !== SHADED) {
        after.set(cells);
        after[c] = SHADED;
        let stranded = up >= 2;
        let otherUnshaded = false;
        for (let k = 0; k < width; k++) {
          if (after[k] === up) stranded = false;
          if (after[k]! >= 2) otherUnshaded = true;
        }
        if (!stranded) put(closed, best + 1, true);
        else if (!closed && !otherUnshaded) put(true, best + 1, true);
      }
      if (!closed) {
        const label = up >= 2 ? up : left >= 2 ? left : FRESH;
        for (let k = 0; k < width; k++) {
          const v = cells[k]!;
          after[k] = v >= 2 && (v === up || v === left) ? label : v;
        }
        after[c] = label;
        put(false, best, false);
      }
    }
    if (witness) steps.push({ pred: Int32Array.from(pred), shaded: Uint8Array.from(shadedHere) });
    [states, next] = [next, states];
    peakStates = Math.max(peakStates, states.size);
  }
  let maxShaded = -1;
  let bestAt = -1;
  let at = 0;
  for (const [key, best] of states) {
    const closed = key.charCodeAt(width) === 1;
    const regions = new Set<number>();
    for (let k = 0; k < width; k++) if (key.charCodeAt(k) >= 2) regions.add(key.charCodeAt(k));
    if (((closed && regions.size === 0) || (!closed && regions.size === 1)) && best > maxShaded) {
      maxShaded = best;
      bestAt = at;
    }
    at++;
  }
  const shading = witness ? readBack(rows, cols, width, steps, bestAt) : null;
  return { maxShaded, peakStates, timeMs: performance.now() - started, shading };
}

/**
 * The shading of the best final state, walking the predecessors back. The DP walks a board of
 * `width` columns (the shorter side) row by row: its cell i is (i / width, i % width) there,
 * which is the same cell of rows x cols when cols is the shorter side, else the transposed one.
 */
function readBack(
  rows: number,
  cols: number,
  width: number,
  steps: readonly { pred: Int32Array; shaded: Uint8Array }[],
  last: number,
): boolean[] {
  const shading = new Array<boolean>(rows * cols).fill(false);
  let at = last;
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    const r = Math.floor(i / width);
    const c = i % width;
    shading[width === cols ? r * cols + c : c * cols + r] = step.shaded[at] === 1;
    at = step.pred[at]!;
  }
  return shading;
}
