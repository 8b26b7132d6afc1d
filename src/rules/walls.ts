/**
 * Walls: when new black cells can split the non-black cells, decided from the black cells alone.
 *
 * Digital topology of the grid (non-black cells joined by edges, black cells by edges and corners,
 * the frame around the grid counting as one black cell): blackening a cell p can split the
 * non-black cells only by closing a loop of black cells through p. Walk the ring of p's eight
 * surrounding cells (outside the grid: the frame). Its black cells form runs; consecutive ring
 * cells touch, so the non-black ones between two runs are joined along the ring. If no two runs
 * of the ring belong to the same black cluster (8-connected black cells with the frame), no black
 * loop passes through p, so by the Jordan curve theorem on the grid nothing separates the
 * stretches of the ring from each other: p's non-black neighbours stay connected without p, and
 * so does everything that was connected through p. Several new black cells are added one at a
 * time, each tested on the board with the earlier ones black.
 *
 * `KnockOnScreen` uses this for NCO-K (connectivity.ts): the trial "x black, its neighbours
 * white, their line mates black" can only split the white cells if a new white cell lies outside
 * the white cells' part, or one of its black cells closes a loop; only then does it flood the
 * trial board (a loop may enclose unknown cells alone). It never allocates per trial.
 */
import type { Board } from './board.js';
import { ringCell } from '../puzzle/geometry.js';
import { findRoot, floodCount, unite } from '../puzzle/graph.js';
import { BLACK, UNKNOWN, WHITE } from './board.js';
import { addBlacks, clusterBlacks, type Layer, layerOf, type Walls } from './clusters.js';
import type { OriginScreen, TrialBase } from './trial-base.js';
import type { Trial } from './trial.js';

/**
 * One board, screened for NCO-K trials. Built in O(cells); `splits(x)` costs a few operations per
 * cell the trial changes, plus a flood fill when a loop closes.
 */
export class KnockOnScreen {
  private readonly board: Board;
  /** The part of the non-black cells holding the white cells (1), or null when there is none or it is not one part. */
  private readonly main: Uint8Array | null;
  /** Union-find over the black cells and the frame (index `cells`): 8-connected clusters. */
  private readonly base: Int32Array;
  /** The trial's cells: its state, the cells it changed (x, then the whitened, then the blackened). */
  private readonly state: Uint8Array;
  private readonly changed: Int32Array;
  /** Per trial: its black cells as a layer over the clusters (clusters.ts). */
  private readonly layer: Layer;
  private readonly scratch: Scratch;
  /** The current trial: how many cells it changed, and whether it whitened one outside the white cells' part. */
  private size = 0;
  private outside = false;

  constructor(board: Board, trial: Trial | null = null) {
    this.board = board;
    const { cells: n, rows, cols } = board.geo;
    // The arrays are the puzzle's, reused from call to call: NCO-K runs in every probe.
    let scratch = scratches.get(board.geo);
    if (scratch === undefined) {
      scratch = {
        zone: new Int32Array(n),
        zoneMark: 0,
        cand: new Int32Array(n),
        touched: new Int32Array(n + 1),
        rootMark: new Int32Array(n + 1),
        rootCount: new Int32Array(n + 1),
        state: new Uint8Array(n),
        changed: new Int32Array(n),
        base: new Int32Array(n + 1),
        main: new Uint8Array(n),
      };
      scratches.set(board.geo, scratch);
    }
    this.scratch = scratch;
    ({ state: this.state, changed: this.changed, base: this.base } = scratch);
    this.layer = layerOf(board.geo);
    this.state.set(board.state);
    const state = board.state;
    if (trial === null) {
      this.main = mainPart(board, scratch.main);
      clusterBlacks(state, rows, cols, this.base);
      return;
    }
    // A trial board: the clusters of its origin, joined by the trial's new black cells; its white part from the contracted graph.
    // When the trial's black cells close no loop, its white part is the origin's (less those cells).
    const origin = trial.trialBase();
    this.main = board.whiteCount === 0 ? null : origin.whitesKept(trial) ? origin.originMain() : origin.mainPart(state, scratch.main);
    const base = this.base;
    base.set(origin.originClusters());
    const { trail, trailSize } = board;
    for (let t = trial.start; t < trailSize; t++) {
      const i = trail[t]!;
      if (state[i] !== BLACK) continue;
      const r = (i / cols) | 0;
      const c = i - r * cols;
      if (r === 0 || c === 0 || r === rows - 1 || c === cols - 1) unite(base, i, n);
      for (let k = 0; k < 8; k++) {
        const y = ringCell(rows, cols, r, c, k);
        if (y >= 0 && state[y] === BLACK) unite(base, i, y);
      }
    }
  }

  private find(i: number): number {
    return findRoot(this.base, i);
  }

  /**
   * Whether x's NCO-K trial leaves the white cells apart: false when the trial is void (it breaks
   * rule 1 or 2, or whitens nothing) or keeps them connected. Exact: where no wall argument
   * applies (a loop closes; the board's own white cells lie apart or there are none), a flood
   * fill of the trial board decides. NCO-K runs its full test only where this is true.
   */
  splits(x: number): boolean {
    const whitened = this.play(x);
    let verdict = false;
    if (whitened > 0) {
      // A new white cell outside the white cells' part splits them for sure.
      verdict = this.outside || this.main === null || this.closesLoop();
      if (verdict && !this.outside) verdict = !this.whitesConnected(this.board.whiteCount + whitened);
    }
    this.restore();
    return verdict;
  }

  /** Undoes `play`. */
  private restore(): void {
    const { state, changed } = this;
    const before = this.board.state;
    for (let t = 0; t < this.size; t++) state[changed[t]!] = before[changed[t]!]!;
  }

  /**
   * Plays x's trial on the scratch cells, recording what it changed (`size` cells, x first, then
   * the whitened, then the blackened) and whether it whitened a cell outside the white cells'
   * part. Returns the number of cells whitened, or -1 when the trial is void.
   */
  private play(x: number): number {
    const { board, state, changed, main } = this;
    const { nbrStart, nbr, mateStart, mate } = board.geo;
    this.outside = false;
    this.size = 0;
    state[x] = BLACK;
    changed[this.size++] = x;
    for (let k = nbrStart[x]!; k < nbrStart[x + 1]!; k++) {
      const j = nbr[k]!;
      if (state[j] === BLACK) return -1;
      if (state[j] === UNKNOWN) {
        if (main !== null && main[j] === 0) this.outside = true;
        state[j] = WHITE;
        changed[this.size++] = j;
      }
    }
    const whitened = this.size - 1;
    if (whitened === 0) return -1;
    for (let t = 1; t <= whitened; t++) {
      const w = changed[t]!;
      for (let k = mateStart[w]!; k < mateStart[w + 1]!; k++) {
        const m = mate[k]!;
        if (state[m] === WHITE) return -1;
        if (state[m] === UNKNOWN) {
          state[m] = BLACK;
          changed[this.size++] = m;
        }
      }
    }
    for (let t = whitened + 1; t < this.size; t++) {
      const b = changed[t]!;
      for (let k = nbrStart[b]!; k < nbrStart[b + 1]!; k++) if (state[nbr[k]!] === BLACK) return -1;
    }
    return whitened;
  }

  /** Whether one of the trial's black cells (x, then the ones after the whitened) closes a black loop, added in that order. */
  private closesLoop(): boolean {
    const { rows, cols } = this.board.geo;
    this.walls ??= { before: this.board.state, uf: this.base, rows, cols, layer: this.layer, note: this.note };
    return addBlacks(this.changed, 0, this.size, this.state, this.walls);
  }

  /**
   * While the origin of trials is screened (`screenOrigin`): the black cells (or the frame) that
   * stand for the distinct clusters the trial's rings touch, at most `maxReps`; `repCount` past
   * that means too many.
   */
  private reps: Int32Array | null = null;
  private repCount = 0;
  /** Hears the clusters' roots while the origin is screened (undefined otherwise: `closesLoop` then records nothing). */
  private note: ((root: number) => void) | undefined = undefined;
  private walls: Walls | undefined = undefined;

  private noteCluster(root: number): void {
    const reps = this.reps!;
    if (this.repCount > maxReps) return;
    for (let t = 0; t < this.repCount; t++) if (reps[t] === root) return;
    if (this.repCount < maxReps) reps[this.repCount] = root;
    this.repCount++;
  }

  /**
   * Screens every unknown cell of the board that trials start from (`trial.origin`), for
   * `skippable`. Null when its white cells lie apart or there are none.
   */
  static screenOrigin(trial: TrialBase): OriginScreen | null {
    const screen = new KnockOnScreen(trial.origin);
    if (screen.main === null) return null;
    const n = trial.origin.n;
    const { unknown } = trial;
    const u = unknown.length;
    const kind = new Uint8Array(u);
    const reps = new Int32Array(maxReps * u);
    const repCount = new Uint8Array(u);
    const inMain = new Uint8Array(u);
    screen.reps = new Int32Array(maxReps);
    screen.note = (root) => screen.noteCluster(root);
    for (let k = 0; k < u; k++) {
      const x = unknown[k]!;
      inMain[k] = screen.main[x]!;
      screen.repCount = 0;
      const whitened = screen.play(x);
      if (whitened <= 0) kind[k] = VOID;
      else if (screen.outside || screen.closesLoop() || screen.repCount > maxReps) kind[k] = RECHECK;
      else {
        kind[k] = CLEAN;
        repCount[k] = screen.repCount;
        // The roots of the origin's own clusters (the screen's are in scratch that the next screen overwrites).
        for (let t = 0; t < screen.repCount; t++) reps[maxReps * k + t] = findRoot(trial.originClusters(), screen.reps[t]!);
      }
      screen.restore();
    }
    // The cells to test again whatever the trial, and per cluster root the cells whose rings touch it and another cluster.
    const recheck: number[] = [];
    const rootStart = new Int32Array(n + 2);
    for (let k = 0; k < u; k++) {
      if (kind[k] === RECHECK) recheck.push(unknown[k]!);
      else if (kind[k] === CLEAN && repCount[k]! >= 2) for (let t = 0; t < repCount[k]!; t++) rootStart[reps[maxReps * k + t]! + 1]!++;
    }
    for (let r = 0; r <= n; r++) rootStart[r + 1]! += rootStart[r]!;
    const rootCells = new Int32Array(rootStart[n + 1]!);
    const fill = rootStart.slice(0, n + 1);
    for (let k = 0; k < u; k++) {
      if (kind[k] === CLEAN && repCount[k]! >= 2)
        for (let t = 0; t < repCount[k]!; t++) rootCells[fill[reps[maxReps * k + t]!]!++] = unknown[k]!;
    }
    return { kind, reps, repCount, inMain, recheck: Int32Array.from(recheck), rootStart, rootCells };
  }

  /**
   * On a trial board: the cells, in increasing order, whose trial may come out otherwise than on
   * the trial's origin, where it was void or closed no loop (so it did not split): those whose
   * zone (the cells their trial reads: themselves, their ring, their neighbours' line mates and
   * those mates' rings) the trial changed, those the origin's screen could not clear, and those
   * whose rings touch a cluster that the trial's new black cells joined to another. Every other
   * unknown cell does not split. Null when that cannot be told cheaply (many changes, or the white
   * part lost an unknown cell).
   */
  candidates(on: Trial, origin: OriginScreen): Int32Array | null {
    const { board, main, scratch } = this;
    const { trail, trailSize, state } = board;
    const trial = on.trialBase();
    const { unknown } = trial;
    const u = unknown.length;
    if (main === null || (trailSize - on.start) * 2 > u) return null;
    // The white part has lost none of its unknown cells (nothing to check when it is the origin's).
    if (main !== trial.originMain()) {
      for (let k = 0; k < u; k++) {
        const x = unknown[k]!;
        if (state[x] === UNKNOWN && origin.inMain[k] === 1 && main[x] === 0) return null;
      }
    }
    const { zone, cand } = scratch;
    const mark = ++scratch.zoneMark;
    let size = 0;
    const take = (y: number) => {
      if (zone[y] === mark) return;
      zone[y] = mark;
      if (state[y] === UNKNOWN) cand[size++] = y;
    };
    const { nbrStart, nbr, mateStart, mate, rows, cols, cells: n } = board.geo;
    const originState = trial.originState;
    const uf = trial.originClusters();
    const { touched, rootMark, rootCount } = scratch;
    let touchedCount = 0;
    const touch = (root: number) => {
      if (rootMark[root] === mark) return;
      rootMark[root] = mark;
      rootCount[root] = 0;
      touched[touchedCount++] = root;
    };
    for (let t = on.start; t < trailSize; t++) {
      const c = trail[t]!;
      const black = state[c] === BLACK;
      const r = (c / cols) | 0;
      const col = c - r * cols;
      if (black && (r === 0 || col === 0 || r === rows - 1 || col === cols - 1)) touch(findRoot(uf, n));
      for (let k = -1; k < 8; k++) {
        let y = c;
        if (k >= 0) {
          y = ringCell(rows, cols, r, col, k);
          if (y < 0) continue;
          if (black && originState[y] === BLACK) touch(findRoot(uf, y));
        }
        take(y);
        // A ring cell that is not unknown is never a blackened mate whose ring a trial reads (if
        // the trial changed it, its own turn in this loop takes its mates' neighbours).
        if (k >= 0 && state[y] !== UNKNOWN) continue;
        for (let e = mateStart[y]!; e < mateStart[y + 1]!; e++) {
          const m = mate[e]!;
          for (let f = nbrStart[m]!; f < nbrStart[m + 1]!; f++) take(nbr[f]!);
        }
      }
    }
    for (let t = 0; t < origin.recheck.length; t++) take(origin.recheck[t]!);
    // Clusters the trial joined: touched roots that share a root of the trial's clusters.
    for (let t = 0; t < touchedCount; t++) rootCount[this.find(touched[t]!)]!++;
    const { rootStart, rootCells } = origin;
    for (let t = 0; t < touchedCount; t++) {
      const root = touched[t]!;
      if (rootCount[this.find(root)]! < 2) continue;
      for (let e = rootStart[root]!; e < rootStart[root + 1]!; e++) take(rootCells[e]!);
    }
    return cand.subarray(0, size).sort();
  }

  /** Whether the trial board's white cells (`whites` of them) all lie in one part of its non-black cells. */
  private whitesConnected(whites: number): boolean {
    const { board, state } = this;
    let start = 0;
    while (state[start] !== WHITE) start++;
    return floodCount(board.geo, board.geo, state, start, BLACK, WHITE, whites) >= whites;
  }
}

/** The part of the non-black cells that holds every white cell, as flags in `main`; null when there is no white cell or they lie apart. */
function mainPart(board: Board, main: Uint8Array): Uint8Array | null {
  if (board.whiteCount === 0) return null;
  let start = 0;
  while (!board.isWhite(start)) start++;
  const { epoch, whites } = board.reach(start);
  if (whites !== board.whiteCount) return null;
  const { stamp } = board.geo;
  for (let i = 0; i < main.length; i++) main[i] = stamp[i] === epoch ? 1 : 0;
  return main;
}

/** What the origin's screen says of a cell's trial (OriginScreen.kind). */
const VOID = 0;
const CLEAN = 1;
const RECHECK = 2;
/** The clusters kept per cell; a trial whose rings touch more is tested again each time. */
const maxReps = 4;

interface Scratch {
  /** Marks of `candidates`' zones (also of the roots it touches), its answer, and its per-root counts. */
  readonly zone: Int32Array;
  zoneMark: number;
  readonly cand: Int32Array;
  readonly touched: Int32Array;
  readonly rootMark: Int32Array;
  readonly rootCount: Int32Array;
  readonly state: Uint8Array;
  readonly changed: Int32Array;
  readonly base: Int32Array;
  readonly main: Uint8Array;
}
const scratches = new WeakMap<object, Scratch>();
