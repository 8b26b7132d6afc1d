/**
 * NCO's count, written once for the deduction core (core.ts), the explaining engine's NCO
 * (connectivity.ts) and a trial's contracted graph (trial-base.ts): one depth-first search with
 * lowpoints from a white vertex over the non-black ones, adding up, per vertex, the white cells of
 * the subtrees its removal would cut off from the root's side. An unknown vertex x with some is
 * NCO's cell: black there would split the white cells (rule 3), since the root's side keeps the
 * root, which is white. What a removal leaves does not depend on the search (the cut-off subtrees
 * and the rest), so neither do these counts.
 *
 * The search is Hopcroft-Tarjan's, as puzzle/graph.ts's `articulationPoints`, written out here with
 * the count inline rather than through that function's callback: it runs on every solve of the
 * default engine and in every probe of the explaining one, and the call per tree edge was a tenth
 * of a 17x17's deductions (janko 17x17 medians 8-12% lower with this and the core's other steps).
 */
import type { CompressedGraph } from '../puzzle/graph.js';
import { BLACK, WHITE } from './cell-state.js';

/** The search's scratch, per vertex: discovery time, lowpoint, next edge; and the stack (the path from the root). */
interface SeparatorSearch {
  readonly disc: Int32Array;
  readonly low: Int32Array;
  readonly edge: Int32Array;
  readonly stack: Int32Array;
}

export interface SeparatorCount {
  /**
   * Out: per vertex the search reached, the white cells of its subtree; the root's are all the
   * white cells it reached. In, when `whitesGiven`: per vertex, its own white cells (a region's
   * size on a contracted graph); otherwise a vertex's own are 1 when it is WHITE in the state.
   */
  readonly whites: Int32Array;
  readonly whitesGiven: boolean;
  /** Out: per vertex, the white cells of the subtrees its removal cuts off (0 for a vertex the search did not reach). */
  readonly sepWhites: Int32Array;
  /** Out: per vertex, the white cells of the largest of those subtrees. */
  readonly sepMax?: Int32Array;
  readonly search: SeparatorSearch;
  /**
   * Both or neither. `someWhite` in: per vertex a white cell of its own or -1; out: one of its
   * subtree's. `sepCell` out: a white cell of the largest subtree that the vertex cuts off (-1: none).
   */
  readonly someWhite?: Int32Array;
  readonly sepCell?: Int32Array;
}

/**
 * Runs the count from white vertex `root` over the vertices that are not BLACK in `state`;
 * returns the white cells reached in all.
 */
export function countSeparated(graph: CompressedGraph, root: number, state: Uint8Array, count: SeparatorCount): number {
  const { nbrStart, nbr } = graph;
  const { whites: sub, whitesGiven, sepWhites: sep, sepMax, someWhite, sepCell } = count;
  const { disc, low, edge, stack } = count.search;
  disc.fill(-1);
  sep.fill(0);
  sepMax?.fill(0);
  sepCell?.fill(-1);
  let time = 0;
  let top = 0;
  disc[root] = low[root] = time++;
  edge[root] = nbrStart[root]!;
  if (!whitesGiven) sub[root] = 1;
  stack[top++] = root;
  while (top > 0) {
    // v's edges from where it left off, in a loop of their own (v, its parent and its lowpoint
    // kept at hand), until one leads to an undiscovered vertex: the search goes down there.
    const v = stack[top - 1]!;
    const pv = top > 1 ? stack[top - 2]! : -1;
    const end = nbrStart[v + 1]!;
    let lv = low[v]!;
    let e = edge[v]!;
    let down = -1;
    while (e < end) {
      const w = nbr[e++]!;
      if (state[w] === BLACK) continue;
      const dw = disc[w]!;
      if (dw < 0) {
        down = w;
        break;
      }
      if (dw < lv && w !== pv) lv = dw;
    }
    low[v] = lv;
    if (down >= 0) {
      edge[v] = e;
      disc[down] = low[down] = time++;
      edge[down] = nbrStart[down]!;
      if (!whitesGiven) sub[down] = state[down] === WHITE ? 1 : 0;
      stack[top++] = down;
      continue;
    }
    top--;
    if (pv < 0) continue;
    if (lv < low[pv]!) low[pv] = lv;
    const w = sub[v]!;
    if (w === 0) continue;
    sub[pv]! += w;
    if (someWhite !== undefined && someWhite[pv] === -1) someWhite[pv] = someWhite[v]!;
    // Removing pv cuts v's subtree off from the rest.
    if (lv < disc[pv]!) continue;
    sep[pv]! += w;
    if (sepMax !== undefined && w > sepMax[pv]!) {
      sepMax[pv] = w;
      if (sepCell !== undefined) sepCell[pv] = someWhite![v]!;
    }
  }
  return sub[root]!;
}
