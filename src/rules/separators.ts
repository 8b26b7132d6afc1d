/**
 * NCO's count, written once for the deduction core (core.ts), the explaining engine's NCO
 * (connectivity.ts) and a trial's contracted graph (trial-base.ts): one depth-first search with
 * lowpoints (puzzle/graph.ts) from a white vertex over the non-black ones, adding up, per vertex,
 * the white cells of the subtrees its removal would cut off from the root's side. An unknown
 * vertex x with some is NCO's cell: black there would split the white cells (rule 3), since the
 * root's side keeps the root, which is white. What a removal leaves does not depend on the
 * search (the cut-off subtrees and the rest), so neither do these counts.
 */
import { articulationPoints, type CompressedGraph, type SearchScratch } from '../puzzle/graph.js';

export interface SeparatorCount {
  /**
   * In: per vertex, its own white cells (1 or 0 for a cell; a region's size on a contracted
   * graph). Out: those of its subtree in the search; the root's are all the white cells it reached.
   */
  readonly whites: Int32Array;
  /** Out: per vertex, the white cells of the subtrees its removal cuts off. */
  readonly sepWhites: Int32Array;
  /** Out: per vertex, the white cells of the largest of those subtrees. */
  readonly sepMax: Int32Array;
  readonly search: SearchScratch;
  /**
   * Both or neither. `someWhite` in: per vertex a white cell of its own or -1; out: one of its
   * subtree's. `sepCell` out: a white cell of the largest subtree that the vertex cuts off (-1: none).
   */
  readonly someWhite?: Int32Array;
  readonly sepCell?: Int32Array;
}

/** Runs the count from white vertex `root` over the vertices `open` admits; returns the white cells reached in all. */
export function countSeparated(graph: CompressedGraph, root: number, open: (v: number) => boolean, count: SeparatorCount): number {
  const { whites, sepWhites, sepMax, someWhite, sepCell } = count;
  sepWhites.fill(0);
  sepMax.fill(0);
  sepCell?.fill(-1);
  articulationPoints(
    graph,
    root,
    open,
    (v, p, separates) => {
      const w = whites[v]!;
      whites[p]! += w;
      if (someWhite !== undefined && someWhite[p] === -1) someWhite[p] = someWhite[v]!;
      if (separates && w > 0) {
        sepWhites[p]! += w;
        if (w > sepMax[p]!) {
          sepMax[p] = w;
          if (sepCell !== undefined) sepCell[p] = someWhite![v]!;
        }
      }
    },
    count.search,
  );
  return whites[root]!;
}
