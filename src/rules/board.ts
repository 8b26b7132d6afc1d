/**
 * The board of the rule engine: every cell white, black or unknown, in typed arrays, with the
 * direct consequences of a colour propagated at once:
 * - NoB: a black cell makes its neighbours white (rule 2: no two black cells share an edge);
 * - DoW: a white cell makes every other cell of its value in its row and column black (rule 1).
 * and contradictions found as they arise: two adjacent black cells, a repeated white number, and
 * white cells that can no longer be connected (rule 3: the black cells split the non-black cells
 * into parts that each hold white cells).
 *
 * Techniques propose deductions (types.ts); `apply` is the one place that changes a board. With a
 * `trace`, every change is recorded: the deduction itself and each knock-on effect as its own NoB
 * or DoW deduction, so the trace reads as a complete explanation.
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
import { Limit } from '../job/limit.js';
import { floodCount } from '../puzzle/graph.js';
import { cellLabel, type Puzzle } from '../puzzle/puzzle.js';
import { BLACK, type CellState, UNKNOWN, WHITE } from './cell-state.js';
import { Kernel, Why } from './kernel.js';
import { knockOn, knockOnRule } from './knock-on.js';
import { TrialBase } from './trial-base.js';
import { type Colour, type Contradiction, type Deduction, withReason } from './types.js';

export { BLACK, type CellState, UNKNOWN, WHITE } from './cell-state.js';

const code = (colour: Colour): CellState => (colour === 'white' ? WHITE : BLACK);

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
   * On a trial board (see `startTrial`): the cells changed since it started, in order. Null on
   * other boards.
   */
  changed: Int32Array | null = null;
  changedCount = 0;
  /**
   * Set by the engine's fixpoint loop just before it runs a probing technique: no technique below
   * G can make progress on the board as it stands. Any change clears it. Probes start trial
   * boards (`startTrial`) only from a board that has it.
   */
  stable = false;
  /** Counts the changes to the cells, so that a TrialBase built from this board knows when it is stale. */
  version = 0;
  /** On a trial board: the board the trial started from (it does not change while the trial runs). */
  private origin: Board | null = null;
  /** The TrialBase of this board as the origin of trials, built when a trial first asks. */
  private base: TrialBase | null = null;

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

  /**
   * A copy for a probe's trial: one board per origin, reused from trial to trial (a pass of probes
   * runs thousands, each a copy of this board; a trial's board is dropped when its run ends). Like
   * `clone()`; the caller must be done with the previous trial's board.
   */
  trialCopy(): Board {
    const copy = this.spareCopy;
    if (copy === null) {
      this.spareCopy = this.clone();
      return this.spareCopy;
    }
    copy.state.set(this.state);
    copy.unknownCount = this.unknownCount;
    copy.whiteCount = this.whiteCount;
    copy.contradiction = this.contradiction;
    copy.trace = null;
    if (copy.changed !== null) copy.spareChanged = copy.changed;
    copy.changed = null;
    copy.changedCount = 0;
    copy.stable = false;
    // A new version: a TrialBase built from the copy's last trial is stale.
    copy.version++;
    copy.origin = null;
    copy.nearNeighbours = null;
    copy.nearMates = null;
    return copy;
  }
  private spareCopy: Board | null = null;
  /** The change list of the last trial on this board, kept for the next (`startTrial`). */
  private spareChanged: Int32Array | null = null;

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
   * Takes the kernel's trail of one apply into the board's counts and change list, and, with a
   * trace, each cell's knock-on effects (the cells that followed from it, together on the trail) as
   * one NoB or DoW deduction. After a contradiction (`ok` false) the effects of the cell whose
   * propagation broke are left out of the trace: they stopped half way.
   */
  private took(kernel: Kernel, ok: boolean): void {
    const { trail, why, premise, size } = kernel;
    if (size > 0) {
      this.stable = false;
      this.version += size;
      this.unknownCount -= size;
      const changed = this.changed;
      if (changed !== null) {
        let list = changed;
        if (this.changedCount + size > list.length) {
          list = new Int32Array(Math.min(Math.max(2 * list.length, this.changedCount + size), this.geo.cells));
          list.set(changed.subarray(0, this.changedCount));
          this.changed = list;
        }
        for (let t = 0; t < size; t++) list[this.changedCount++] = trail[t]!;
      }
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
   * Marks this board (a copy, before the trial's assumption) as a copy of a board at a fixpoint
   * of the techniques that will run on it: none of them can make progress there. Then every
   * deduction they can make here involves a changed cell, so the local techniques look only near
   * the changes (`nearChanges`) and find the same progress, in the same order, as a full scan.
   * Probing calls it on copies of a `stable` board, naming that board as `origin`.
   */
  startTrial(origin: Board | null = null): void {
    // Most trials change a few dozen cells: the list grows when needed (see set).
    this.changed = this.changed ?? this.spareChanged ?? new Int32Array(Math.min(64, this.geo.cells));
    this.changedCount = 0;
    this.settled = 0;
    this.origin = origin;
  }

  /**
   * Makes this board a copy of `other` that goes on with the same trial: the same cells, the same
   * changes since the trial started and the same origin, so the origin's TrialBase still serves
   * and the local techniques still look only near the changes. For a search that extends one trial
   * a step at a time and backs up (witnesses.ts); this board must not be a trial's origin.
   */
  copyTrial(other: Board): void {
    this.state.set(other.state);
    this.unknownCount = other.unknownCount;
    this.whiteCount = other.whiteCount;
    this.contradiction = other.contradiction;
    this.trace = null;
    if (other.changed === null) this.changed = null;
    else {
      if (this.changed === null || this.changed.length < other.changedCount) this.changed = new Int32Array(other.changed.length);
      this.changed.set(other.changed.subarray(0, other.changedCount));
    }
    this.changedCount = other.changedCount;
    this.settled = other.stable ? other.changedCount : other.settled;
    this.stable = other.stable;
    this.version++;
    this.origin = other.origin;
    this.nearNeighbours = null;
    this.nearMates = null;
    this.scanFrom = 0;
  }

  /** On a trial board started from an origin (`startTrial`): that board; null elsewhere. */
  trialOrigin(): Board | null {
    return this.origin;
  }

  /**
   * On a trial board started from an origin: the origin's contracted graph (trial-base.ts), which
   * answers the rule 3 questions of every trial from it at a fraction of the cost. Null elsewhere.
   */
  trialBase(): TrialBase | null {
    const origin = this.origin;
    if (origin === null) return null;
    let base = origin.base;
    if (base === null || base.version !== origin.version) {
      base = new TrialBase(origin);
      origin.base = base;
    }
    return base;
  }

  /**
   * The cells a local technique must look at, in increasing order: on a trial board the changed
   * cells and those beside one (`around` 'neighbours') or sharing a number and a line with one
   * ('mates'); null elsewhere, meaning every cell. Only for techniques whose deduction at a cell
   * reads no more than that cell and its neighbours (or its line mates) and colours only those.
   * Grids under 4 cells always get null: there a white cell's need of a way out depends on the
   * count of white cells (needsExit).
   */
  nearChanges(around: 'neighbours' | 'mates'): Int32Array | null {
    const { changed } = this;
    if (changed === null || this.geo.cells < 4) return null;
    // Several techniques ask in a row with nothing changed in between: the answer is kept.
    const kept = around === 'neighbours' ? this.nearNeighbours : this.nearMates;
    const from = this.scanFrom;
    if (kept !== null && kept.count === this.changedCount && kept.from === from) return kept.cells;
    const g = this.geo;
    const start = around === 'neighbours' ? g.nbrStart : g.mateStart;
    const list = around === 'neighbours' ? g.nbr : g.mate;
    const { stamp, stack } = g;
    const epoch = ++g.epoch;
    let size = 0;
    for (let t = from; t < this.changedCount; t++) {
      const i = changed[t]!;
      if (stamp[i] !== epoch) {
        stamp[i] = epoch;
        stack[size++] = i;
      }
      for (let k = start[i]!; k < start[i + 1]!; k++) {
        const j = list[k]!;
        if (stamp[j] !== epoch) {
          stamp[j] = epoch;
          stack[size++] = j;
        }
      }
    }
    const cells = stack.slice(0, size).sort();
    const answer = { count: this.changedCount, from, cells };
    if (around === 'neighbours') this.nearNeighbours = answer;
    else this.nearMates = answer;
    return cells;
  }
  private nearNeighbours: { count: number; from: number; cells: Int32Array } | null = null;
  private nearMates: { count: number; from: number; cells: Int32Array } | null = null;
  /**
   * Where in `changed` the technique now running last started: set by the engine's fixpoint
   * loop on a trial board (0 otherwise). A technique that ran before in the trial made every
   * deduction it could then (all carried out), so it finds its progress near the changes since.
   */
  scanFrom = 0;
  /**
   * On a trial board: how many of its first changes the board had when it was last at a fixpoint
   * of the techniques that run on it (0: at the start, the origin being one). The fixpoint loop's
   * first run of a technique looks near the changes from there (`scanFrom`). Set by `copyTrial`
   * for a search that extends a trial step by step.
   */
  settled = 0;

  /**
   * Rule 3 as a contradiction test: the white cells must all lie in one part of the non-black
   * cells (unknown cells may still join them). Also fails when every cell is black. Returns false
   * (and records the contradiction) when the white cells can no longer be connected.
   */
  checkConnectivity(): boolean {
    if (this.contradiction) return false;
    const n = this.geo.cells;
    if (this.whiteCount === 0) {
      for (let i = 0; i < n; i++) if (this.state[i] !== BLACK) return true;
      this.contradiction = { reason: 'every cell is black', cells: [] };
      return false;
    }
    if (this.whiteCount === 1) return true;
    // A trial's answer from the contracted graph; the full flood below names the cells when they are apart.
    const base = this.trialBase();
    if (base !== null && (base.whitesKept(this) || base.whitesConnected(this.state))) return true;
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
