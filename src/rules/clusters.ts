/**
 * Black clusters and the loops new black cells close (the digital topology of walls.ts): the
 * 8-connected clusters of black cells and the frame as a union-find, and a layer of new black
 * cells added over it one at a time, each tested for a loop through it (two runs of its ring in
 * one cluster). A new black cell that closes no loop splits no part of the non-black cells.
 * Used by NCO-K's screen (walls.ts) and by trial boards (trial-base.ts).
 */
import { type Geometry, ringCell } from '../puzzle/geometry.js';
import { findRoot, unite } from '../puzzle/graph.js';
import { BLACK } from './cell-state.js';

/** The 8-connected clusters of the black cells of `state` and the frame (index `cells`), as a union-find in `uf`. */
export function clusterBlacks(state: Uint8Array, rows: number, cols: number, uf: Int32Array): Int32Array {
  const n = rows * cols;
  for (let i = 0; i <= n; i++) uf[i] = i;
  for (let i = 0; i < n; i++) {
    if (state[i] !== BLACK) continue;
    const r = (i / cols) | 0;
    const c = i - r * cols;
    if (r === 0 || c === 0 || r === rows - 1 || c === cols - 1) unite(uf, i, n);
    // Each touching pair once: the cells right, below-left, below and below-right.
    if (c + 1 < cols && state[i + 1] === BLACK) unite(uf, i, i + 1);
    if (r + 1 < rows) {
      const below = i + cols;
      if (c > 0 && state[below - 1] === BLACK) unite(uf, i, below - 1);
      if (state[below] === BLACK) unite(uf, i, below);
      if (c + 1 < cols && state[below + 1] === BLACK) unite(uf, i, below + 1);
    }
  }
  return uf;
}

/**
 * A layer of new black cells over a union-find of clusters: per layer (`mark`), the cells added
 * (`added`) and a small union-find whose nodes are the clusters' roots, the frame's and the added
 * cells, valid where `localStamp` is the mark. One per puzzle, reused: a layer lasts until the
 * next one starts.
 */
export interface Layer {
  readonly local: Int32Array;
  readonly localStamp: Int32Array;
  readonly added: Int32Array;
  mark: number;
  /** The nodes of the runs found by the last `ringRuns`. */
  readonly roots: Int32Array;
}

/**
 * What a layer is added over: the black cells `before` (a board's cells), their clusters `uf`,
 * the grid's size, the layer, and `note`, which, when given, hears the cluster root of each run
 * that is not a cell of the layer.
 */
export interface Walls {
  readonly before: Uint8Array;
  readonly uf: Int32Array;
  readonly rows: number;
  readonly cols: number;
  readonly layer: Layer;
  readonly note?: ((root: number) => void) | undefined;
}

const layers = new WeakMap<object, Layer>();

export function layerOf(geo: Geometry): Layer {
  let layer = layers.get(geo);
  if (layer === undefined) {
    const n = geo.cells;
    layer = {
      local: new Int32Array(n + 1),
      localStamp: new Int32Array(n + 1),
      added: new Int32Array(n),
      mark: 0,
      roots: new Int32Array(4),
    };
    layers.set(geo, layer);
  }
  return layer;
}

function localFind(layer: Layer, i: number): number {
  const { local, localStamp, mark } = layer;
  while (localStamp[i] === mark && local[i] !== i) i = local[i]!;
  return i;
}

/**
 * The runs of black cells around p (the frame, cells black in `before`, cells of the current
 * layer), as nodes of the layer (in `layer.roots`): their number, or -1 when two runs are one
 * cluster, so that blackening p closes a loop.
 */
export function ringRuns(p: number, walls: Walls): number {
  const { before, uf, rows, cols, layer, note } = walls;
  const { added, mark, roots } = layer;
  const r = (p / cols) | 0;
  const c = p - r * cols;
  // Bit k: ring cell k is black (the frame, a black cell, or a cell of the layer).
  let mask = 0;
  for (let k = 0; k < 8; k++) {
    const cell = ringCell(rows, cols, r, c, k);
    if (cell < 0 || before[cell] === BLACK || added[cell] === mark) mask |= 1 << k;
  }
  if (mask === 0) return 0;
  // The first cell of each run of black ring cells: black, with the ring cell before it not.
  const previous = ((mask << 1) | (mask >> 7)) & 0xff;
  const starts = mask === 0xff ? 1 : mask & ~previous;
  let count = 0;
  for (let k = 0; k < 8; k++) {
    if ((starts & (1 << k)) === 0) continue;
    const cell = ringCell(rows, cols, r, c, k);
    let node: number;
    if (cell < 0 || before[cell] === BLACK) {
      const root = findRoot(uf, cell < 0 ? rows * cols : cell);
      note?.(root);
      node = localFind(layer, root);
    } else node = localFind(layer, cell);
    for (let t = 0; t < count; t++) if (roots[t] === node) return -1;
    roots[count++] = node;
  }
  return count;
}

/**
 * Starts a layer and adds the cells of `list[from .. to)` that are black in `now`, in order, each tested on
 * the board with the earlier ones black: true as soon as one closes a loop (the layer then stops
 * there).
 */
export function addBlacks(list: Int32Array, from: number, to: number, now: Uint8Array, walls: Walls): boolean {
  const { layer } = walls;
  const mark = ++layer.mark;
  const { added, local, localStamp, roots } = layer;
  for (let t = from; t < to; t++) {
    const p = list[t]!;
    if (now[p] !== BLACK) continue;
    const runs = ringRuns(p, walls);
    added[p] = mark;
    localStamp[p] = mark;
    local[p] = p;
    if (runs < 0) return true;
    // p joins every cluster it touches.
    for (let k = 0; k < runs; k++) {
      const node = roots[k]!;
      localStamp[node] = mark;
      local[node] = p;
    }
  }
  return false;
}
