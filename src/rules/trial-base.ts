/**
 * The board a probe starts from, contracted once for all the probe's trials.
 *
 * A pass of probes runs thousands of trials from one board B (a 48x48 stuck board: two
 * per open cell), and every trial asks rule 3 questions of the whole grid several times: are the
 * white cells connected (Board.checkConnectivity), which unknown cell would split them (NCO), which
 * part holds them (NCO-K). On a trial board every cell white on B is still white, so each
 * connected region of B's white cells can be taken as one node: the graph whose nodes are B's
 * white regions and B's unknown cells (two nodes joined when two of their cells share an edge) has
 * the same connectivity as the non-black cells of any trial board once the trial's black cells are
 * taken out, since a region never holds a trial's black cell and is connected by itself. The white
 * cells of a trial lie in one part exactly when its white nodes do; an unknown cell x splits them
 * exactly when removing node x separates white nodes; and the white cells cut off are counted by
 * giving each region its number of cells. On a late board of a 48x48 the graph has a fifth of the
 * cells, so each such question costs a fifth as much, with the same answers.
 *
 * Built lazily (Trial.trialBase, trial.ts) when a trial first asks, from a copy of the board as it
 * stood when the trials started (they run on the board itself, each undone at its end); one per
 * pass of probes. Never allocates per trial.
 */
import { ringCell } from '../puzzle/geometry.js';
import {
  type CompressedGraph,
  componentsScratch,
  type FloodScratch,
  findRoot,
  floodCount,
  labelComponents,
  searchScratch,
} from '../puzzle/graph.js';
import type { Board } from './board.js';
import type { Trial } from './trial.js';
import { BLACK, UNKNOWN, WHITE } from './cell-state.js';
import { addBlacks, clusterBlacks, type Layer, layerOf, ringRuns, type Walls } from './clusters.js';
import { countSeparated, type SeparatorCount } from './separators.js';

/** An unknown cell whose blackening would split the white cells, and the white cells it would cut off from the largest remaining part. */
export interface Separator {
  readonly cell: number;
  readonly weight: number;
}

/**
 * What NCO-K's screen said of each unknown cell of the origin (walls.ts), per index into
 * `unknown`: `kind` 0 its trial is void, 1 it closes no loop (touching the clusters whose roots
 * are `reps`, `repCount` of them, at `4 * k`), 2 it must be tested again; `inMain` whether the
 * cell was in the white cells' part.
 */
export interface OriginScreen {
  readonly kind: Uint8Array;
  readonly reps: Int32Array;
  readonly repCount: Uint8Array;
  readonly inMain: Uint8Array;
  /** The cells of kind 2, in increasing order. */
  readonly recheck: Int32Array;
  /** Per cluster root (or the frame's), the cells of kind 1 whose rings touch it and another cluster (`rootCells` from `rootStart[root]`). */
  readonly rootStart: Int32Array;
  readonly rootCells: Int32Array;
}

export class TrialBase {
  /** The board trials start from, as it stood then (a copy of its own: the trials change the board they run on). */
  readonly origin: Board;
  /** Its cells. */
  readonly originState: Uint8Array;
  /** Its unknown cells, in increasing order; node `regions + k` is `unknown[k]`. */
  readonly unknown: Int32Array;
  /** Nodes 0 .. regions - 1 are the white regions. */
  private readonly regions: number;
  private readonly nodes: number;
  /** Per node: its white cells on the base board (a region's size; 0 for an unknown cell). */
  private readonly size: Int32Array;
  private readonly graph: CompressedGraph;
  /** Per trial: each node's state on the trial board. */
  private readonly nodeState: Uint8Array;
  private readonly flood: FloodScratch;
  /** NCO's count on the contracted graph (separators.ts). */
  private readonly count: SeparatorCount & { readonly sepMax: Int32Array };
  /** The 8-connected clusters of the origin's black cells and the frame, as a union-find (built when first asked). */
  private clusters: Int32Array | null = null;
  /** The origin's white part, as flags for its unknown cells (built when first asked; null: no white cell, or they lie apart). */
  private main: Uint8Array | null | undefined = undefined;
  /** The origin's unknown cells whose ring closes a loop there; per cluster root, those whose ring's runs touch it and another cluster (`readRings`). */
  private ringLoop: Int32Array | null = null;
  private ringStart: Int32Array | null = null;
  private ringCells: Int32Array | null = null;
  /** Scratch of `noSeparator`: the roots the trial's black cells touch, and a count per node of the layer. */
  private readonly touched: Int32Array;
  private readonly rootCount: Int32Array;
  /** The last layer of a trial's black cells (`layerFor`): board, its version, the layer's mark, and whether none closed a loop (a base serves the trials of one Trial). */
  private layerBoard: Board | null = null;
  private layerVersion = -1;
  private layerMark = -1;
  private layerKept = false;
  private readonly layer: Layer;
  private readonly zone: Int32Array;
  private zoneMark = 0;
  /** NCO-K's screen of the origin (walls.ts builds it when first asked; null: not usable). */
  knockOn: OriginScreen | null | undefined = undefined;

  constructor(origin: Board) {
    const { geo, state } = origin;
    this.origin = origin;
    this.originState = state;
    const n = geo.cells;
    const { nbrStart, nbr } = geo;
    // Nodes 0 .. regions - 1: the white regions, numbered by their lowest cell.
    const parts = componentsScratch(n);
    const regions = labelComponents(geo, n, (i) => state[i] === WHITE, parts);
    const nodeOf = parts.comp;
    // Each region's cells: the gaps between the first cells of consecutive regions.
    const sizes = parts.first;
    for (let r = 0; r < regions; r++) sizes[r] = sizes[r + 1]! - sizes[r]!;
    // The grouped cells are not needed further: their array lists the unknown cells.
    const list = parts.order;
    let unknownCount = 0;
    for (let i = 0; i < n; i++) if (state[i] === UNKNOWN) list[unknownCount++] = i;
    const unknown = list.slice(0, unknownCount);
    for (let k = 0; k < unknownCount; k++) nodeOf[unknown[k]!] = regions + k;
    const nodes = regions + unknownCount;
    // Edges: unknown-unknown (each side adds its own), unknown-region (once per pair, both sides).
    const degree = new Int32Array(nodes + 1);
    const seen = new Int32Array(regions).fill(-1);
    const eachEdge = (add: (a: number, b: number) => void) => {
      seen.fill(-1);
      for (let k = 0; k < unknownCount; k++) {
        const c = unknown[k]!;
        const a = regions + k;
        for (let e = nbrStart[c]!; e < nbrStart[c + 1]!; e++) {
          const j = nbr[e]!;
          if (state[j] === UNKNOWN) add(a, nodeOf[j]!);
          else if (state[j] === WHITE) {
            const b = nodeOf[j]!;
            if (seen[b] === c) continue;
            seen[b] = c;
            add(a, b);
            add(b, a);
          }
        }
      }
    };
    eachEdge((a) => {
      degree[a + 1]!++;
    });
    for (let v = 0; v < nodes; v++) degree[v + 1]! += degree[v]!;
    const adjacent = new Int32Array(degree[nodes]!);
    const fill = degree.slice(0, nodes);
    eachEdge((a, b) => {
      adjacent[fill[a]!++] = b;
    });
    this.graph = { nbrStart: degree, nbr: adjacent };
    this.regions = regions;
    this.nodes = nodes;
    this.unknown = unknown;
    this.size = sizes.slice(0, nodes).fill(0, regions);
    this.nodeState = new Uint8Array(nodes).fill(WHITE, 0, regions);
    this.flood = { stamp: new Int32Array(nodes), stack: new Int32Array(nodes), epoch: 0 };
    this.count = {
      whites: new Int32Array(nodes),
      whitesGiven: true,
      sepWhites: new Int32Array(nodes),
      sepMax: new Int32Array(nodes),
      search: searchScratch(nodes),
    };
    this.layer = layerOf(geo);
    this.zone = new Int32Array(n + 1);
    this.touched = new Int32Array(9 * n + 1);
    this.rootCount = new Int32Array(n + 1);
  }

  /** The origin's clusters (clusters.ts). */
  originClusters(): Int32Array {
    const { rows, cols, cells } = this.origin.geo;
    this.clusters ??= clusterBlacks(this.originState, rows, cols, new Int32Array(cells + 1));
    return this.clusters;
  }

  /** The origin's walls, for layers of a trial's black cells. */
  private originWalls(): Walls {
    const { rows, cols } = this.origin.geo;
    this.walls ??= { before: this.originState, uf: this.originClusters(), rows, cols, layer: this.layer };
    return this.walls;
  }
  private walls: Walls | undefined = undefined;

  /**
   * Whether the trial's black cells, added to the origin one at a time, each close no loop: then
   * the parts of the non-black cells are the origin's, less those cells (walls.ts). Leaves the
   * trial's layer in place for `noSeparator`.
   */
  private layerFor(trial: Trial): boolean {
    const layer = this.layer;
    const { board } = trial;
    // A board's version changes with every change and every undo: the key of the layer.
    if (this.layerBoard === board && this.layerVersion === board.version && this.layerMark === layer.mark) return this.layerKept;
    const closes = addBlacks(board.trail, trial.start, board.trailSize, board.state, this.originWalls());
    this.layerBoard = board;
    this.layerVersion = board.version;
    this.layerMark = layer.mark;
    this.layerKept = !closes;
    return this.layerKept;
  }

  /** The origin's white part (see `main`). */
  originMain(): Uint8Array | null {
    if (this.main === undefined)
      this.main = this.whiteCount(this.originState) === 0 ? null : this.mainPart(this.originState, new Uint8Array(this.originState.length));
    return this.main;
  }

  private whiteCount(state: Uint8Array): number {
    let count = 0;
    for (let i = 0; i < state.length; i++) if (state[i] === WHITE) count++;
    return count;
  }

  /**
   * On a trial board (with its white cells): true when its white cells are surely connected, from
   * the walls alone: its black cells close no loop, so the origin's white part is still one part,
   * and each of its new white cells lay in that part. False means: ask `whitesConnected`.
   */
  whitesKept(trial: Trial): boolean {
    const main = this.originMain();
    if (main === null || !this.layerFor(trial)) return false;
    const { trail, trailSize, state } = trial.board;
    for (let t = trial.start; t < trailSize; t++) {
      const c = trail[t]!;
      if (state[c] === WHITE && main[c] === 0) return false;
    }
    return true;
  }

  /**
   * On a trial board: true when no unknown cell would split the non-black cells (so NCO finds
   * nothing), because none closes a loop: of the origin's unknown cells, none closed one there,
   * the trial's black cells close none, and each cell either has no trial cell in its ring (and
   * no two of its ring's clusters were joined) or closes no loop when its ring is read again.
   */
  noSeparator(trial: Trial): boolean {
    if (!this.layerFor(trial)) return false;
    const { rows, cols, cells: n } = this.origin.geo;
    const walls = this.originWalls();
    const layer = this.layer;
    if (this.ringLoop === null) this.readRings(trial);
    const { state, trail, trailSize } = trial.board;
    for (let t = 0; t < this.ringLoop!.length; t++) if (state[this.ringLoop![t]!] === UNKNOWN) return false;
    const { zone, touched, rootCount } = this;
    const mark = ++this.zoneMark;
    let touchedCount = 0;
    const uf = walls.uf;
    for (let t = trial.start; t < trailSize; t++) {
      const p = trail[t]!;
      if (state[p] !== BLACK) continue;
      const r = (p / cols) | 0;
      const c = p - r * cols;
      if (r === 0 || c === 0 || r === rows - 1 || c === cols - 1) touched[touchedCount++] = findRoot(uf, n);
      for (let k = 0; k < 8; k++) {
        const y = ringCell(rows, cols, r, c, k);
        if (y < 0) continue;
        if (this.originState[y] === BLACK) touched[touchedCount++] = findRoot(uf, y);
        else if (state[y] === UNKNOWN && zone[y] !== mark) {
          // A ring the trial changed: read again.
          zone[y] = mark;
          if (ringRuns(y, walls) < 0) return false;
        }
      }
    }
    // Clusters the trial joined: touched roots with one node of the layer; the cells whose rings touch them are read again.
    const { local, localStamp } = layer;
    const layerMark = layer.mark;
    const node = (root: number) => {
      while (localStamp[root] === layerMark && local[root] !== root) root = local[root]!;
      return root;
    };
    for (let t = 0; t < touchedCount; t++) rootCount[node(touched[t]!)] = 0;
    for (let t = 0; t < touchedCount; t++) {
      const root = touched[t]!;
      if (zone[root] !== -mark) {
        zone[root] = -mark;
        rootCount[node(root)]!++;
      }
    }
    const { ringStart, ringCells } = this;
    for (let t = 0; t < touchedCount; t++) {
      const root = touched[t]!;
      if (rootCount[node(root)]! < 2) continue;
      for (let e = ringStart![root]!; e < ringStart![root + 1]!; e++) {
        const x = ringCells![e]!;
        if (state[x] !== UNKNOWN || zone[x] === mark) continue;
        zone[x] = mark;
        if (ringRuns(x, walls) < 0) return false;
      }
    }
    return true;
  }

  /**
   * The origin's rings, read with an empty layer: the unknown cells whose ring closes a loop
   * there, and per cluster root the unknown cells whose rings touch it and another cluster. Then
   * the trial's layer is built again.
   */
  private readRings(trial: Trial): void {
    const walls = this.originWalls();
    const { unknown } = this;
    const u = unknown.length;
    const n = this.origin.n;
    const layer = this.layer;
    layer.mark++;
    const loop: number[] = [];
    const roots = new Int32Array(4 * u);
    const rootCount = new Uint8Array(u);
    const ringStart = new Int32Array(n + 2);
    for (let k = 0; k < u; k++) {
      const runs = ringRuns(unknown[k]!, walls);
      if (runs < 0) loop.push(unknown[k]!);
      else if (runs >= 2) {
        rootCount[k] = runs;
        roots.set(layer.roots.subarray(0, runs), 4 * k);
        for (let t = 0; t < runs; t++) ringStart[layer.roots[t]! + 1]!++;
      }
    }
    for (let r = 0; r <= n; r++) ringStart[r + 1]! += ringStart[r]!;
    const ringCells = new Int32Array(ringStart[n + 1]!);
    const fill = ringStart.slice(0, n + 1);
    for (let k = 0; k < u; k++) for (let t = 0; t < rootCount[k]!; t++) ringCells[fill[roots[4 * k + t]!]!++] = unknown[k]!;
    this.ringLoop = Int32Array.from(loop);
    this.ringStart = ringStart;
    this.ringCells = ringCells;
    this.layerFor(trial);
  }

  /** Reads a trial board's cells into the node states; returns the number of white nodes. */
  private load(state: Uint8Array): number {
    const { unknown, regions, nodeState } = this;
    let whiteNodes = regions;
    for (let k = 0; k < unknown.length; k++) {
      const s = state[unknown[k]!]!;
      nodeState[regions + k] = s;
      if (s === WHITE) whiteNodes++;
    }
    return whiteNodes;
  }

  /** A white node (there must be one). */
  private firstWhite(): number {
    if (this.regions > 0) return 0;
    let v = 0;
    while (this.nodeState[v] !== WHITE) v++;
    return v;
  }

  /** Whether the white cells of a trial board (which has some) all lie in one part of its non-black cells. */
  whitesConnected(state: Uint8Array): boolean {
    const whiteNodes = this.load(state);
    if (whiteNodes <= 1) return true;
    return floodCount(this.graph, this.flood, this.nodeState, this.firstWhite(), BLACK, WHITE, whiteNodes) >= whiteNodes;
  }

  /**
   * The part of a trial board's non-black cells that holds its white cells (it has some), as flags
   * in `main` for the unknown cells of the base board (the only cells NCO-K reads); null when the
   * white cells lie apart.
   */
  mainPart(state: Uint8Array, main: Uint8Array): Uint8Array | null {
    const whiteNodes = this.load(state);
    const reached = floodCount(this.graph, this.flood, this.nodeState, this.firstWhite(), BLACK, WHITE);
    if (reached !== whiteNodes) return null;
    const { stamp, epoch } = this.flood;
    const { unknown, regions } = this;
    for (let k = 0; k < unknown.length; k++) main[unknown[k]!] = stamp[regions + k] === epoch ? 1 : 0;
    return main;
  }

  /**
   * NCO on a trial board with two or more white cells, all in one part: its unknown cells, in
   * increasing order, whose blackening would split the white cells, each with the white cells it
   * would cut off from the largest remaining part. Removing x leaves parts that do not depend on
   * the search: the subtrees cut off below x and the rest, which holds the root; so the weight is
   * the same as connectivity.ts's search of the whole board gives.
   */
  separators(state: Uint8Array): Separator[] {
    this.load(state);
    const { nodeState, count, size, regions, unknown, nodes } = this;
    const { whites, sepWhites, sepMax } = count;
    for (let v = 0; v < nodes; v++) whites[v] = v < regions ? size[v]! : nodeState[v] === WHITE ? 1 : 0;
    const total = countSeparated(this.graph, this.firstWhite(), nodeState, count);
    const out: Separator[] = [];
    for (let k = 0; k < unknown.length; k++) {
      const v = regions + k;
      if (nodeState[v] !== UNKNOWN || sepWhites[v] === 0) continue;
      const largest = Math.max(total - sepWhites[v]!, sepMax[v]!);
      out.push({ cell: unknown[k]!, weight: total - largest });
    }
    return out;
  }
}
