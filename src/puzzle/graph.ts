/**
 * Graph routines, written once: flood fills and connected components, union-find, articulation
 * points by depth-first search with lowpoints (Hopcroft and Tarjan), and strongly connected
 * components (Tarjan). All are iterative, so a 50x50 grid cannot overflow the call stack.
 *
 * Articulation points. In a depth-first tree, disc(v) is v's discovery time and low(v) the
 * smallest discovery time reachable from v's subtree by one back edge. For a tree edge p → v,
 * removing p cuts v's subtree off from the rest exactly when low(v) ≥ disc(p). A non-root p is
 * an articulation point when that holds for some child; the root when it has two or more
 * children.
 *
 * Strongly connected components. Tarjan's algorithm numbers them in the order it closes them,
 * which is a reverse topological order of the condensation: an edge u → v has
 * comp(u) ≥ comp(v) (successors first).
 */

/** A graph in compressed form: the successors of v are `nbr[nbrStart[v]]` up to `nbr[nbrStart[v + 1]]` (a Geometry is one). */
export interface CompressedGraph {
  readonly nbrStart: Int32Array;
  readonly nbr: Int32Array;
}

/** Marks of a flood fill, reused across calls: after a flood, cell v was reached when `stamp[v] === epoch`. */
export interface FloodScratch {
  readonly stamp: Int32Array;
  readonly stack: Int32Array;
  epoch: number;
}

/**
 * Floods from `start` through the cells whose `state` is not `wall`, marking them with a fresh
 * epoch in `scratch`, and returns how many reached cells have state `counted`; it stops as soon
 * as `enough` of them are reached (a caller that only asks "are they all connected?").
 */
export function floodCount(
  g: CompressedGraph,
  scratch: FloodScratch,
  state: Uint8Array,
  start: number,
  wall: number,
  counted: number,
  enough = Number.POSITIVE_INFINITY,
): number {
  const { nbrStart, nbr } = g;
  const { stamp, stack } = scratch;
  const epoch = ++scratch.epoch;
  let top = 0;
  stack[top++] = start;
  stamp[start] = epoch;
  let reached = 0;
  while (top > 0) {
    const i = stack[--top]!;
    if (state[i] === counted && ++reached >= enough) return reached;
    for (let k = nbrStart[i]!, end = nbrStart[i + 1]!; k < end; k++) {
      const j = nbr[k]!;
      if (state[j] !== wall && stamp[j] !== epoch) {
        stamp[j] = epoch;
        stack[top++] = j;
      }
    }
  }
  return reached;
}

/**
 * The connected components of a set of cells, as `labelComponents` leaves them: per cell its
 * component (-1 outside the set), and the cells grouped by component in breadth-first order from
 * each component's lowest cell, components numbered in the order of those cells.
 */
export interface Components {
  readonly comp: Int32Array;
  /** Component c is `order[first[c]]` up to `order[first[c + 1]]`. */
  readonly order: Int32Array;
  readonly first: Int32Array;
  count: number;
}

/** Scratch for `labelComponents` on a graph of n vertices, reused from call to call. */
export function componentsScratch(n: number): Components {
  return { comp: new Int32Array(n), order: new Int32Array(n), first: new Int32Array(n + 1), count: 0 };
}

/** Labels the connected components of the vertices v of `g` (0 .. n-1) with `inside(v)` into `out`; returns their number. */
export function labelComponents(g: CompressedGraph, n: number, inside: (v: number) => boolean, out: Components): number {
  const { nbrStart, nbr } = g;
  const { comp, order, first } = out;
  comp.fill(-1, 0, n);
  let end = 0;
  let count = 0;
  for (let s = 0; s < n; s++) {
    if (comp[s] !== -1 || !inside(s)) continue;
    first[count] = end;
    comp[s] = count;
    order[end++] = s;
    for (let k = end - 1; k < end; k++) {
      const v = order[k]!;
      for (let e = nbrStart[v]!, stop = nbrStart[v + 1]!; e < stop; e++) {
        const w = nbr[e]!;
        if (comp[w] === -1 && inside(w)) {
          comp[w] = count;
          order[end++] = w;
        }
      }
    }
    count++;
  }
  first[count] = end;
  out.count = count;
  return count;
}

/** The root of i's set in the union-find `uf` (`uf[v] === v` at a root), compressing the path. */
export function findRoot(uf: Int32Array, i: number): number {
  let root = i;
  while (uf[root] !== root) root = uf[root]!;
  while (uf[i] !== root) {
    const next = uf[i]!;
    uf[i] = root;
    i = next;
  }
  return root;
}

/** Joins the sets of a and b in the union-find `uf` (a's root goes under b's). */
export function unite(uf: Int32Array, a: number, b: number): void {
  const ra = findRoot(uf, a);
  const rb = findRoot(uf, b);
  if (ra !== rb) uf[ra] = rb;
}

/** Working arrays of one search, for callers that search often (the deduction core) and must not allocate each time. */
export interface SearchScratch {
  readonly disc: Int32Array;
  readonly low: Int32Array;
  readonly parent: Int32Array;
  readonly edge: Int32Array;
  readonly stack: Int32Array;
  /** The result: reused too, so it is valid until the next search with the same scratch. */
  readonly cut: Uint8Array;
}

export function searchScratch(n: number): SearchScratch {
  // Views of one buffer: each typed array of its own would be a separate backing store for the
  // garbage collector to free (see the deduction core, src/rules/core.ts, which makes one per solve).
  const buffer = new ArrayBuffer(n * (5 * Int32Array.BYTES_PER_ELEMENT + 1));
  const ints = (k: number) => new Int32Array(buffer, k * n * Int32Array.BYTES_PER_ELEMENT, n);
  return {
    disc: ints(0),
    low: ints(1),
    parent: ints(2),
    edge: ints(3),
    stack: ints(4),
    cut: new Uint8Array(buffer, 5 * n * Int32Array.BYTES_PER_ELEMENT, n),
  };
}

/**
 * Searches the part of an undirected graph that `inside` admits, from `root` (which must be
 * inside), and returns the articulation points of that component as flags. `closed(child,
 * parent, separates)` is called as each tree edge is finished, children before their parents;
 * `separates` says that removing `parent` would cut `child`'s subtree off from the rest.
 */
export function articulationPoints(
  g: CompressedGraph,
  root: number,
  inside: (v: number) => boolean,
  closed?: (child: number, parent: number, separates: boolean) => void,
  scratch: SearchScratch = searchScratch(g.nbrStart.length - 1),
): Uint8Array {
  const { nbrStart, nbr } = g;
  const { disc, low, parent, edge, cut, stack } = scratch;
  disc.fill(-1);
  // A vertex's parent is read only once it is discovered, and set then: only the root's is due.
  parent[root] = -1;
  cut.fill(0);
  let rootChildren = 0;
  let top = 0;
  let time = 0;
  stack[top++] = root;
  disc[root] = low[root] = time++;
  edge[root] = nbrStart[root]!;
  while (top > 0) {
    const v = stack[top - 1]!;
    if (edge[v]! < nbrStart[v + 1]!) {
      const w = nbr[edge[v]!]!;
      edge[v]!++;
      if (!inside(w)) continue;
      if (disc[w] === -1) {
        disc[w] = low[w] = time++;
        parent[w] = v;
        edge[w] = nbrStart[w]!;
        if (v === root) rootChildren++;
        stack[top++] = w;
      } else if (w !== parent[v]) {
        low[v] = Math.min(low[v]!, disc[w]!);
      }
      continue;
    }
    top--;
    const p = parent[v]!;
    if (p < 0) continue;
    low[p] = Math.min(low[p]!, low[v]!);
    const separates = low[v]! >= disc[p]!;
    if (separates && p !== root) cut[p] = 1;
    closed?.(v, p, separates);
  }
  if (rootChildren > 1) cut[root] = 1;
  return cut;
}

/**
 * Tarjan's strongly connected components of a directed graph given as successor lists;
 * component numbers in order of completion (sinks first).
 */
export function stronglyConnected(heads: readonly (readonly number[])[]): { comp: Int32Array; count: number } {
  const n = heads.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const comp = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const call: { v: number; k: number }[] = [];
  let counter = 0;
  let count = 0;
  for (let s = 0; s < n; s++) {
    if (index[s] !== -1) continue;
    call.push({ v: s, k: 0 });
    index[s] = low[s] = counter++;
    stack.push(s);
    onStack[s] = 1;
    while (call.length > 0) {
      const frame = call[call.length - 1]!;
      const { v } = frame;
      const out = heads[v]!;
      if (frame.k < out.length) {
        const w = out[frame.k++]!;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          call.push({ v: w, k: 0 });
        } else if (onStack[w]) {
          low[v] = Math.min(low[v]!, index[w]!);
        }
        continue;
      }
      call.pop();
      const parent = call[call.length - 1];
      if (parent) low[parent.v] = Math.min(low[parent.v]!, low[v]!);
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = count;
        } while (w !== v);
        count++;
      }
    }
  }
  return { comp, count };
}
