/**
 * The board of the rule engine: every cell white, black or unknown, in typed arrays, with the
 * direct consequences of a colour propagated at once:
 * - NoB: a black cell makes its neighbours white (rule 2: no two black cells share an edge);
 * - DoW: a white cell makes every other cell of its value in its row and column black (rule 1).
 * and contradictions found as they arise: two adjacent black cells, a repeated white number, and
 * white cells that can no longer be connected (rule 3: the black cells split the non-black cells
 * into parts that each hold white cells).
 *
 * Techniques propose deductions (types.ts); `apply` is the one place that decides cells, and each
 * decided cell goes on the board's trail, so that `undo` can take back everything after a mark: a
 * probe is a trial on the board itself (probing.ts, trial.ts), not on a copy. With a `trace`, every
 * change is recorded: the deduction itself and each knock-on effect as its own NoB or DoW
 * deduction, so the trace reads as a complete explanation.
 */
import {
  colOf,
  type Geometry,
  geometryOf,
  type LineMates,
  lineMates,
  matesOf,
  neighbours,
  numberKeys,
  ringCell,
  rowOf,
} from '../puzzle/geometry.js';
import { Limit } from '../control/limit.js';
import { floodCount } from '../puzzle/graph.js';
import { cellLabel, type Puzzle } from '../puzzle/puzzle.js';
import { BLACK, type CellState, UNKNOWN, WHITE } from './cell-state.js';
import { Kernel, Why } from './kernel.js';
import { knockOn, knockOnRule } from './knock-on.js';
import type { Trial } from './trial.js';
import { type Colour, type Contradiction, type Deduction, withReason } from './types.js';

export { BLACK, type CellState, UNKNOWN, WHITE } from './cell-state.js';

const code = (colour: Colour): CellState => (colour === 'white' ? WHITE : BLACK);

/** The trail of a board nothing was decided on yet (it grows at the first apply). */
const empty = new Int32Array(0);

/**
 * What every board of one puzzle shares: the grid's geometry and line mates (puzzle/geometry.ts),
 * the numbers, and scratch space, computed once.
 */
export interface PuzzleShape extends Geometry, LineMates {
  /**
   * The numbers renamed 0, 1, 2, ... (numberKeys): equal exactly where the numbers are. Not the
   * numbers themselves, which go up to 2^53 - 1: an Int32Array would wrap them, and numbers equal
   * modulo 2^32 would pass for equal.
   */
  readonly keys: Int32Array;
  /** Scratch space for searches (never held across calls). */
  readonly stamp: Int32Array;
  readonly stack: Int32Array;
  /** The knock-on rules of `apply` (kernel.ts), shared by the boards of the puzzle (an apply never runs inside another). */
  readonly kernel: Kernel;
  epoch: number;
  /** Results of pure functions of (numbers, part of the board), shared by all boards of the puzzle (two-sat.ts). */
  readonly memo: Map<string, unknown>;
}

/** The shape of a puzzle's boards; `limit` bounds making it (a 1000x1000 grid's shape and line mates). */
export function puzzleShape(puzzle: Puzzle, limit = Limit.none): PuzzleShape {
  const g = geometryOf(puzzle, limit);
  const keys = numberKeys(puzzle.values);
  // Between the steps too: numberKeys checks no limit, and lineMates first takes tens of
  // megabytes of scratch for a 1000x1000 grid, slow to touch on a loaded machine.
  limit.check();
  const m = lineMates(puzzle, limit, keys);
  const { mateStart, mate } = m;
  const n = g.cells;
  // The board lends its cells to the kernel for each apply (Kernel.restart); no exits: the
  // explaining engine keeps the only way out a technique of its own (NCO-C, NCO-B).
  const kernel = new Kernel(
    g,
    m,
    { state: new Uint8Array(0), trail: new Int32Array(n), why: new Uint8Array(n), premise: new Int32Array(n) },
    false,
  );
  // Every field named (no spread), so that every puzzle's shape has one hidden class: the JIT's
  // code for the board's methods then stays valid from puzzle to puzzle.
  return {
    rows: g.rows,
    cols: g.cols,
    cells: g.cells,
    nbrStart: g.nbrStart,
    nbr: g.nbr,
    lines: g.lines,
    mateStart,
    mate,
    keys: keys.key,
    stamp: new Int32Array(g.cells),
    stack: new Int32Array(g.cells),
    kernel,
    epoch: 0,
    memo: new Map(),
  };
}

/**
 * Whether black cell i may split the non-black cells: it touches (of its eight surrounding cells)
 * two black cells, or a black cell and the grid's edge. With at most one such contact, the
 * non-black cells of the ring around i are connected along the ring (consecutive ring cells share
 * an edge, and one black ring cell or the edge only opens the ring into a path), so i's non-black
 * neighbours stay connected without i: blackening i splits nothing. Exact for any number of new
 * black cells tested on the final state (each had at most as many contacts when it was added). On a
 * grid one cell wide there is no ring, so every cell may split.
 */
export function mayCloseWall(state: Uint8Array, rows: number, cols: number, i: number): boolean {
  if (rows < 2 || cols < 2) return true;
  const r = (i / cols) | 0;
  const c = i - r * cols;
  let contacts = r === 0 || c === 0 || r === rows - 1 || c === cols - 1 ? 1 : 0;
  for (let k = 0; k < 8; k++) {
    const j = ringCell(rows, cols, r, c, k);
    if (j >= 0 && state[j] === BLACK && ++contacts >= 2) return true;
  }
  return false;
}

export class Board {
  readonly puzzle: Puzzle;
  readonly geo: PuzzleShape;
  readonly state: Uint8Array;
  unknownCount: number;
  whiteCount: number;
  contradiction: Contradiction | null = null;
  /** When set, every change is recorded here (the deductions, then their knock-on effects). */
  trace: Deduction[] | null;
  /**
   * The cells decided on this board, in order: `trail[0 .. trailSize)`. A probe takes a mark (the
   * size), assumes a colour, lets the techniques run, and `undo`es to the mark; the cells it
   * changed are the trail from its mark (trial.ts).
   */
  trail: Int32Array = empty;
  trailSize = 0;
  /**
   * Counts the changes to the cells, undos included, so that anything read from the cells (a
   * trial's near cells, a contracted graph's layer: trial.ts, trial-base.ts) knows when it is stale.
   */
  version = 0;

  constructor(
    puzzle: Puzzle,
    geo: PuzzleShape = puzzleShape(puzzle),
    state?: Uint8Array,
    trace: Deduction[] | null = null,
    countsOf?: Board,
  ) {
    this.puzzle = puzzle;
    this.geo = geo;
    this.state = state ? state.slice() : new Uint8Array(geo.cells);
    this.trace = trace;
    if (countsOf !== undefined) {
      // A copy (clone): the counts are the original's.
      this.unknownCount = countsOf.unknownCount;
      this.whiteCount = countsOf.whiteCount;
      return;
    }
    let unknown = 0;
    let white = 0;
    for (let i = 0; i < geo.cells; i++) {
      if (this.state[i] === UNKNOWN) unknown++;
      else if (this.state[i] === WHITE) white++;
    }
    this.unknownCount = unknown;
    this.whiteCount = white;
  }

  get rows(): number {
    return this.geo.rows;
  }
  get cols(): number {
    return this.geo.cols;
  }
  get n(): number {
    return this.geo.cells;
  }
  value(i: number): number {
    return this.puzzle.values[i]!;
  }
  get(i: number): CellState {
    return this.state[i] as CellState;
  }
  isWhite(i: number): boolean {
    return this.state[i] === WHITE;
  }
  isBlack(i: number): boolean {
    return this.state[i] === BLACK;
  }
  isUnknown(i: number): boolean {
    return this.state[i] === UNKNOWN;
  }
  label(i: number): string {
    return cellLabel(this.geo.cols, i);
  }
  row(i: number): number {
    return rowOf(this.geo, i);
  }
  col(i: number): number {
    return colOf(this.geo, i);
  }
  /** The cell at (r, c), or -1 outside the grid. */
  at(r: number, c: number): number {
    return r >= 0 && r < this.geo.rows && c >= 0 && c < this.geo.cols ? r * this.geo.cols + c : -1;
  }
  neighbours(i: number): Int32Array {
    return neighbours(this.geo, i);
  }
  /** The other cells of the same value in i's row and column. */
  mates(i: number): Int32Array {
    return matesOf(this.geo, i);
  }
  get solved(): boolean {
    return this.unknownCount === 0 && this.contradiction === null;
  }

  /** A copy of the cells (no trace, no contradiction carried over unless there is one). */
  clone(trace: Deduction[] | null = null): Board {
    const b = new Board(this.puzzle, this.geo, this.state, trace, this);
    b.contradiction = this.contradiction;
    return b;
  }

  /** The shading (true = black) of a board with no unknown cell. */
  shading(): boolean[] {
    return Array.from(this.state, (s) => s === BLACK);
  }

  /** Every cell: true black, false white, null undecided. */
  cells(): (boolean | null)[] {
    // A plain loop: Array.from with a mapping callback costs a fifth of a second on a million cells.
    const { state } = this;
    const out = new Array<boolean | null>(state.length);
    for (let i = 0; i < state.length; i++) out[i] = state[i] === UNKNOWN ? null : state[i] === BLACK;
    return out;
  }

  /**
   * Whether every solution must have a white cell other than `i`, so that a white `i` needs a white
   * neighbour. True on any grid of 4 or more cells (a solution there has at least two white cells:
   * all but one cell black would put two black cells side by side), or when another white cell is
   * already known. Only the 1x2, 1x3 (and transposed) grids can have a lone white cell.
   */
  needsExit(i: number): boolean {
    if (this.geo.cells >= 4) return true;
    return this.whiteCount > (this.state[i] === WHITE ? 1 : 0);
  }

  /**
   * Carries out a deduction and its knock-on effects (NoB, DoW). A cell already of the proposed
   * colour is skipped; a cell of the other colour is a contradiction. A deduction that changes
   * nothing is not recorded. Returns false when the board is (now) contradictory.
   */
  apply(d: Deduction): boolean {
    if (this.contradiction) return false;
    let changes = false;
    for (const { cell, colour } of d.cells) {
      if (this.state[cell] !== code(colour)) changes = true;
    }
    if (!changes) return true;
    if (this.trace) this.trace.push(d);
    const kernel = this.geo.kernel;
    kernel.restart(this.state, this.whiteCount);
    for (const { cell, colour } of d.cells) {
      const want = code(colour);
      const have = this.state[cell]!;
      if (have === want) continue;
      if (have !== UNKNOWN) {
        this.took(kernel, false);
        // A deduction that colours one cell both ways carries its own explanation (2-SAT on a line without a shading).
        const both = d.cells.some((c) => c.cell === cell && c.colour !== colour);
        this.contradiction = {
          reason: both
            ? `${d.technique}: ${d.reason}`
            : `${d.technique} makes ${this.label(cell)} ${colour}, but it is already ${have === WHITE ? 'white' : 'black'}`,
          cells: [cell, ...d.premises],
        };
        return false;
      }
      kernel.assign(cell, want, Why.Given, -1);
    }
    const ok = kernel.propagate();
    this.took(kernel, ok);
    if (ok) return true;
    const i = kernel.conflictFrom;
    const j = kernel.conflict;
    this.contradiction =
      kernel.conflictWhy === Why.NoB
        ? { reason: `black cells ${this.label(i)} and ${this.label(j)} share an edge`, cells: [i, j] }
        : {
            reason: `${this.label(i)} and ${this.label(j)} are both white and both show ${this.value(i)} in one line`,
            cells: [i, j],
          };
    return false;
  }

  /**
   * Takes the kernel's trail of one apply into the board's counts and trail, and, with a
   * trace, each cell's knock-on effects (the cells that followed from it, together on the trail) as
   * one NoB or DoW deduction. After a contradiction (`ok` false) the effects of the cell whose
   * propagation broke are left out of the trace: they stopped half way.
   */
  private took(kernel: Kernel, ok: boolean): void {
    const { trail, why, premise, size } = kernel;
    if (size > 0) {
      this.version += size;
      this.unknownCount -= size;
      let list = this.trail;
      if (this.trailSize + size > list.length) {
        // Most boards are trials' origins or solves, deciding cells a few dozen at a time: the trail grows when needed.
        list = new Int32Array(Math.min(Math.max(2 * list.length, this.trailSize + size, 64), this.geo.cells));
        list.set(this.trail.subarray(0, this.trailSize));
        this.trail = list;
      }
      for (let t = 0; t < size; t++) list[this.trailSize++] = trail[t]!;
    }
    this.whiteCount = kernel.whiteCount;
    if (this.trace === null) return;
    const broken = ok ? -2 : kernel.conflictFrom;
    for (let t = 0; t < size; ) {
      const from = premise[trail[t]!]!;
      const rule = why[trail[t]!]!;
      let end = t + 1;
      while (end < size && premise[trail[end]!] === from && why[trail[end]!] === rule) end++;
      if (rule !== Why.Given && from !== broken) {
        this.trace.push(knockOn(this, knockOnRule(rule), from, Array.from(trail.subarray(t, end))));
      }
      t = end;
    }
  }

  /** Colours one cell as a bare assumption (a probe), with its knock-on effects. */
  assume(cell: number, colour: Colour): boolean {
    return this.apply(
      withReason({ technique: 'Prob', cells: [{ cell, colour }], premises: [] }, () => `assume ${this.label(cell)} ${colour}`),
    );
  }

  /**
   * Takes back every cell decided after the first `mark` of the trail, and the contradiction (a
   * probe's mark is taken on a board without one).
   */
  undo(mark: number): void {
    const { state, trail } = this;
    let whites = 0;
    for (let t = mark; t < this.trailSize; t++) {
      const i = trail[t]!;
      if (state[i] === WHITE) whites++;
      state[i] = UNKNOWN;
    }
    this.unknownCount += this.trailSize - mark;
    this.whiteCount -= whites;
    this.trailSize = mark;
    this.contradiction = null;
    this.version++;
  }

  /**
   * Rule 3 as a contradiction test: the white cells must all lie in one part of the non-black
   * cells (unknown cells may still join them). Also fails when every cell is black. Returns false
   * (and records the contradiction) when the white cells can no longer be connected. On a
   * `trial`, answered from its origin's contracted graph where it can be (trial-base.ts).
   */
  checkConnectivity(trial: Trial | null = null): boolean {
    if (this.contradiction) return false;
    const n = this.geo.cells;
    if (this.whiteCount === 0) {
      for (let i = 0; i < n; i++) if (this.state[i] !== BLACK) return true;
      this.contradiction = { reason: 'every cell is black', cells: [] };
      return false;
    }
    if (this.whiteCount === 1) return true;
    // A trial's answer from the contracted graph; the full flood below names the cells when they are apart.
    if (trial !== null) {
      const base = trial.trialBase();
      if (base.whitesKept(trial) || base.whitesConnected(this.state)) return true;
    }
    let start = 0;
    while (this.state[start] !== WHITE) start++;
    const reached = this.reach(start);
    if (reached.whites === this.whiteCount) return true;
    const stamp = this.geo.stamp;
    let other = 0;
    while (this.state[other] !== WHITE || stamp[other] === reached.epoch) other++;
    this.contradiction = {
      reason: `white cells ${this.label(start)} and ${this.label(other)} can no longer be connected: black cells separate them`,
      cells: [start, other],
    };
    return false;
  }

  /**
   * Floods the non-black cells from `start`, marking them with a fresh epoch in `geo.stamp`.
   * Returns the epoch and the number of white cells reached.
   */
  reach(start: number): { epoch: number; whites: number } {
    const whites = floodCount(this.geo, this.geo, this.state, start, BLACK, WHITE);
    return { epoch: this.geo.epoch, whites };
  }
}
