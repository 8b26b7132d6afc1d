/**
 * Witnesses: solutions of the puzzle met along the way, which spare Prob-2 the inner probes that
 * cannot fail.
 *
 * Why skipping is exact. Every technique a probe runs is sound up to unshading (uniqueness.ts): if
 * a solution S agrees with a board and gives cell d the colour x, the trial "d is x" on that board
 * cannot end in a clash (follow the trial's deductions from S, unshading as UC asks; d itself is
 * set, so never unshaded). Inside a Prob-2 trial such a probe finds nothing and leaves no trace: it
 * changes no cell, and its tally goes to the inner run's own cursor, which is dropped. So the inner
 * Prob may skip it without running it and still find the same first failing probe, or none, as a
 * pass that runs every probe: the same deductions, the same classes, the same counts.
 *
 * Why it is fast. A stuck 48x48 board has hundreds of open cells; a pass of Prob-2 probes each one
 * both ways, and every such trial, itself stuck, probes all its open cells both ways: some 300,000
 * trials, all of which fail. A few dozen solutions that differ where the board is open answer
 * almost all of them. What is left are the probes no known solution vouches for: those are run.
 *
 * Where the solutions come from. When an inner probe with no witness runs and fails to find a
 * clash, its trial is completed by a depth-first search whose steps are trials of the same runner
 * (a colour for one open cell, then the cheaper techniques), each on the board's trail and undone
 * when the search backs up, within a budget of trials. A
 * complete board is kept only if the independent checker (puzzle/check.ts) accepts it, so a wrong
 * turn of the search can cost time, never a wrong skip. At each open cell the search tries first
 * the colour no witness of the board has yet there, so that each new solution answers many of the
 * probes still open.
 */
import { checkShading } from '../puzzle/check.js';
import { BLACK, type Board, type PuzzleShape, UNKNOWN } from './board.js';
import type { ProbeRunner } from './probing.js';
import { Trial } from './trial.js';
import type { TrialBase } from './trial-base.js';
import type { Colour } from './types.js';

/**
 * What the witnesses that agree with one board say of its cells, as bit sets over the cells:
 * black in some of them (`someBlack`), black in all of them (`allBlack`); `count` of them.
 */
export interface Cover {
  readonly someBlack: Uint32Array;
  readonly allBlack: Uint32Array;
  count: number;
}

const bit = (set: Uint32Array, i: number): boolean => ((set[i >>> 5]! >>> (i & 31)) & 1) === 1;

/** Whether some witness of the cover gives `cell` the colour: then the probe "cell is colour" cannot fail on the cover's board. */
export function vouches(cover: Cover, cell: number, colour: Colour): boolean {
  if (cover.count === 0) return false;
  return colour === 'black' ? bit(cover.someBlack, cell) : !bit(cover.allBlack, cell);
}

function addTo(cover: Cover, s: Uint32Array): void {
  for (let w = 0; w < s.length; w++) {
    cover.someBlack[w]! |= s[w]!;
    cover.allBlack[w]! &= s[w]!;
  }
  cover.count++;
}

/** A search restarts its trial from its current board every this many levels (see `complete`). */
const rebaseEvery = 32;

/** At most this many 32-bit words of solutions are kept (16 MB): 58,000 solutions of a 48x48 grid, 4,600 of a 120x120. */
const keepWords = 1 << 22;

export class Witnesses {
  /** Complete, checked solutions, each as the bit set of its black cells. */
  private readonly solutions: Uint32Array[] = [];
  /** The shape of the puzzle they solve (a runner may serve several puzzles: then they start again). */
  private shape: PuzzleShape | null = null;
  /** The witnesses of one origin (a Prob-2 pass's trials start from it), so that a trial from it checks only its changed cells. */
  private origin: TrialBase | null = null;
  private originFits: Uint32Array[] = [];
  /** How many of `solutions` were looked at for `originFits`. */
  private originSeen = 0;
  /** Probes skipped because a witness showed they cannot fail (counted by `skip`). */
  skipped = 0;
  /**
   * Trials the searches of `complete` may still run: at the start, two searches' worth, plus one
   * per probe skipped since. On a grid with one solution, or few, most trials that survive lead
   * to no solution, and a search is wasted; so the searches together never cost more trials than
   * the witnesses saved, plus the start and one search. A search starts only with credit for all
   * its budget (a search cut short finds nothing).
   */
  private credit = Number.NaN;
  /** A seeded coin (mulberry32), so that a run is repeatable. */
  private seed = 0x2545f491;

  /** Prob skips a probe that the cover vouches for. */
  skip(): void {
    this.skipped++;
    this.credit++;
  }

  /** Solutions kept. */
  get size(): number {
    return this.solutions.length;
  }

  /** What the witnesses that agree with `board` say of its cells; `trial`: the trial the board is on, if any. */
  cover(board: Board, trial: Trial | null): Cover {
    this.serve(board);
    const words = (board.n + 31) >>> 5;
    const cover: Cover = { someBlack: new Uint32Array(words), allBlack: new Uint32Array(words).fill(~0), count: 0 };
    if (trial === null) {
      for (const s of this.solutions) if (agrees(s, board.state, null, 0, board.n)) addTo(cover, s);
      return cover;
    }
    const origin = trial.trialBase();
    if (origin !== this.origin) {
      this.origin = origin;
      this.originFits = [];
      this.originSeen = 0;
    }
    const { originState } = origin;
    for (; this.originSeen < this.solutions.length; this.originSeen++) {
      const s = this.solutions[this.originSeen]!;
      if (agrees(s, originState, null, 0, originState.length)) this.originFits.push(s);
    }
    // The trial differs from its origin only at its changed cells.
    for (const s of this.originFits) if (agrees(s, board.state, board.trail, trial.start, board.trailSize)) addTo(cover, s);
    return cover;
  }

  /**
   * Tries to complete `board` (on a trial that `run` has brought to a fixpoint without a clash:
   * `trial`, or null for one that looks at every cell) into a solution; when found, keeps it and
   * adds it to `cover` (the cover of a board that this one extends, so the solution agrees with
   * that board too). Gives up after a budget of trials. Leaves the board as it was.
   */
  complete(board: Board, trial: Trial | null, run: ProbeRunner, cover: Cover): void {
    this.serve(board);
    const words = (board.n + 31) >>> 5;
    const allowed = 2 * board.unknownCount + 16;
    if (Number.isNaN(this.credit)) this.credit = 2 * allowed;
    if ((this.solutions.length + 1) * words > keepWords || this.credit < allowed) return;
    let budget = allowed;
    // A depth-first search of trials on the board's trail, each step going on with the trial of
    // the one above (from its fixpoint, `settled`) and undone when it leads nowhere. `from`: no
    // open cell before it lacks a witness for a colour (decided cells stay decided deeper down).
    // True when the board is solved (left so).
    const search = (depth: number, on: Trial | null, settled: number, from: number): boolean => {
      if (board.unknownCount === 0) return true;
      const [cell, next0] = openCell(board, cover, from);
      // A colour no witness of the cover gives the cell first: a solution with it answers a probe still open.
      const black = vouches(cover, cell, 'black');
      const white = vouches(cover, cell, 'white');
      const first: Colour = black === white ? (this.coin() ? 'black' : 'white') : black ? 'white' : 'black';
      for (const colour of [first, first === 'black' ? ('white' as const) : ('black' as const)]) {
        if (budget-- <= 0 || run.expired?.()) return false;
        const mark = board.trailSize;
        // Every so often the trial starts again from here: the rule 3 checks of a trial walk all its changes.
        const step = depth % rebaseEvery === rebaseEvery - 1 ? new Trial(board) : on;
        // Going on with the trial above: from its fixpoint here (a new trial starts at its own).
        if (step !== null && step === on) step.settled = settled;
        if (
          board.assume(cell, colour) &&
          board.checkConnectivity(step) &&
          run(board, step).contradiction === null &&
          search(depth + 1, step, board.trailSize, next0)
        )
          return true;
        board.undo(mark);
      }
      return false;
    };
    const mark = board.trailSize;
    const found = search(0, trial, trial === null ? 0 : trial.settled, 0);
    this.credit -= allowed - Math.max(budget, 0);
    const shading = found ? Array.from(board.state, (c) => c === BLACK) : null;
    board.undo(mark);
    if (shading === null) return;
    const s = this.keep(board, shading);
    if (s !== null) addTo(cover, s);
  }

  /** A solution kept as bits when the independent checker accepts it (else null). */
  private keep(board: Board, shading: readonly boolean[]): Uint32Array | null {
    if (shading.length !== board.n || checkShading(board.puzzle, shading).length > 0) return null;
    const s = new Uint32Array((board.n + 31) >>> 5);
    shading.forEach((black, i) => {
      if (black) s[i >>> 5]! |= 1 << (i & 31);
    });
    this.solutions.push(s);
    return s;
  }

  /**
   * Keeps a solution found elsewhere (a hint's solve), if the independent checker accepts it: the
   * probes it vouches for on `board` and the boards after it are then skipped.
   */
  know(board: Board, shading: readonly boolean[]): void {
    this.serve(board);
    this.keep(board, shading);
  }

  private serve(board: Board): void {
    if (board.geo === this.shape) return;
    this.shape = board.geo;
    this.solutions.length = 0;
    this.credit = Number.NaN;
    this.origin = null;
  }

  private coin(): boolean {
    this.seed = (this.seed + 0x6d2b79f5) | 0;
    let t = this.seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0 < 0x80000000;
  }
}

/** Whether solution `s` gives every decided cell of `state` among `cells[from .. to)` (or among from .. to - 1 when `cells` is null) its colour. */
function agrees(s: Uint32Array, state: Uint8Array, cells: Int32Array | null, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const i = cells === null ? k : cells[k]!;
    const here = state[i]!;
    if (here !== UNKNOWN && (here === BLACK) !== bit(s, i)) return false;
  }
  return true;
}

/**
 * The first open cell from `from` on that some colour of has no witness yet, else the first open
 * cell (when every open cell is vouched both ways, the cells before `from` too); and where the next
 * look may start.
 */
function openCell(b: Board, cover: Cover, from: number): [number, number] {
  for (let i = from; i < b.n; i++) {
    if (b.state[i] === UNKNOWN && (!vouches(cover, i, 'black') || !vouches(cover, i, 'white'))) return [i, i];
  }
  for (let i = 0; i < b.n; i++) if (b.state[i] === UNKNOWN) return [i, b.n];
  return [-1, b.n];
}
