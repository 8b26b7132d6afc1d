/**
 * A trial: the steering of the techniques that run on a board after a probe's assumption.
 *
 * A probe runs on the board itself: it takes a mark on the board's trail, assumes a colour, runs
 * the cheaper techniques and undoes to the mark (probing.ts). When the board was at a fixpoint of
 * those techniques (none of them could make progress there), every deduction they can make in
 * the trial involves a cell the trial changed, `trail[start ..)`: so the local techniques look
 * only near those cells (`nearChanges`) and find the same progress, in the same order, as a full
 * scan; the rule 3 questions are answered from the board as it was at the mark, contracted once
 * for all the trials from it (`trialBase`); and 2-SAT has nothing to find (two-sat.ts). The
 * probing code owns a trial (one per pass of probes from one board: each probe starts `again`),
 * and the fixpoint loop (strategy.ts) steers it: `scanFrom`, `settled`. A probe from a board not
 * at such a fixpoint runs without one, every technique scanning the whole board.
 */
import { Board, UNKNOWN } from './board.js';
import { TrialBase } from './trial-base.js';

/** The cells near a trial's changes, as last asked (`nearChanges`): valid while the board's version and the scan's start are the same. */
interface Near {
  readonly version: number;
  readonly from: number;
  readonly cells: Int32Array;
}

export class Trial {
  readonly board: Board;
  /** Where on the board's trail the trial starts: its changes are `trail[start .. trailSize)`. */
  readonly start: number;
  /**
   * Where on the trail the trial was last at a fixpoint of the techniques that run in it (`start`
   * at first, the origin being one). The fixpoint loop's first run of a technique looks near the
   * changes from there; a search that extends a trial step by step moves it (witnesses.ts).
   */
  settled: number;
  /**
   * Where on the trail the technique now running last started: set by the fixpoint loop (`start`
   * otherwise). A technique that ran before in the trial made every deduction it could then (all
   * carried out), so it finds its progress near the changes since.
   */
  scanFrom: number;
  /** The board as it stood at `start`, contracted (trial-base.ts): built when a trial first asks. */
  private base: TrialBase | null = null;
  private nearNeighbours: Near | null = null;
  private nearMates: Near | null = null;

  /** A trial from `board` as it stands (at a fixpoint of the techniques that will run in it). */
  constructor(board: Board) {
    this.board = board;
    this.start = board.trailSize;
    this.settled = this.start;
    this.scanFrom = this.start;
  }

  /** Starts the next trial from the same board (which is back at `start`). */
  again(): void {
    this.settled = this.start;
    this.scanFrom = this.start;
  }

  /**
   * The origin's contracted graph (trial-base.ts), which answers the rule 3 questions of every
   * trial from it at a fraction of the cost. Built from the board with the trial's changes taken
   * out, as it stood at `start`.
   */
  trialBase(): TrialBase {
    if (this.base === null) {
      const { board, start } = this;
      const state = board.state.slice();
      for (let t = start; t < board.trailSize; t++) state[board.trail[t]!] = UNKNOWN;
      this.base = new TrialBase(new Board(board.puzzle, board.geo, state));
    }
    return this.base;
  }

  /**
   * The cells a local technique must look at, in increasing order: the cells changed since
   * `scanFrom` and those beside one (`around` 'neighbours') or sharing a number and a line with one
   * ('mates'); null, meaning every cell, on grids under 4 cells: there a white cell's need of a way
   * out depends on the count of white cells (Board.needsExit). Only for techniques whose deduction
   * at a cell reads no more than that cell and its neighbours (or its line mates) and colours only
   * those.
   */
  nearChanges(around: 'neighbours' | 'mates'): Int32Array | null {
    const { board } = this;
    const g = board.geo;
    if (g.cells < 4) return null;
    // Several techniques ask in a row with nothing changed in between: the answer is kept.
    const kept = around === 'neighbours' ? this.nearNeighbours : this.nearMates;
    const from = this.scanFrom;
    if (kept !== null && kept.version === board.version && kept.from === from) return kept.cells;
    const start = around === 'neighbours' ? g.nbrStart : g.mateStart;
    const list = around === 'neighbours' ? g.nbr : g.mate;
    const { stamp, stack } = g;
    const { trail, trailSize } = board;
    const epoch = ++g.epoch;
    let size = 0;
    for (let t = from; t < trailSize; t++) {
      const i = trail[t]!;
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
    const answer = { version: board.version, from, cells };
    if (around === 'neighbours') this.nearNeighbours = answer;
    else this.nearMates = answer;
    return cells;
  }
}
