/**
 * The rule kernel: a board's cells in a typed array with a trail of the cells in the order they
 * were decided, per decided cell why (a `Why`) and the one cell it follows from, and the knock-on
 * rules written once, for the deduction core (core.ts: the default solve's fast path) and the
 * explaining board (board.ts: explain, rate, hint) alike:
 *  NoB   a black cell's neighbours are white (rule 2).
 *  DoW   a white cell's line mates are black (rule 1).
 *  exit  ("only way out", NCO-B/NCO-C of the catalogue, Tatham's CC and CE) a white cell with
 *        exactly one non-black neighbour: that neighbour is white (rule 3: on 4 or more cells a
 *        solution has two or more white cells, so every white cell needs a white neighbour). With
 *        none left, a contradiction. The core runs it as a knock-on effect; the explaining
 *        engine keeps it a class F technique (connectivity.ts, through `soleExit`), as the
 *        thesis's rating counts it.
 * Nothing here allocates or builds a string: the words of a step are made by whoever tells it,
 * from the why and the premise (core.ts's describeStep, board.ts's knock-on deductions).
 */
import type { Geometry, LineMates } from '../puzzle/geometry.js';
import { BLACK, UNKNOWN, WHITE } from './cell-state.js';

/** Why a cell was decided. `Given`: by the caller (a technique's deduction, a probe's assumption). */
export const Why = { NoB: 0, DoW: 1, SimM3: 2, SimUStar: 3, Exit: 4, NCO: 5, Prob: 6, ProbConnected: 7, Given: 8 } as const;

/**
 * The one cell a white cell `i` can still reach the other white cells through: its only non-black
 * neighbour; -1 when every neighbour is black, -2 when it has two or more ways out.
 */
export function soleExit(state: Uint8Array, nbrStart: Int32Array, nbr: Int32Array, i: number): number {
  // Counted with no branch on the neighbours' states (every hybrid solve runs this for most of
  // its cells, and a branch per neighbour was mispredicted about as often as not): `open` becomes
  // the last non-black neighbour.
  let count = 0;
  let open = -1;
  for (let k = nbrStart[i]!, end = nbrStart[i + 1]!; k < end; k++) {
    const j = nbr[k]!;
    // 1 when j is not black, else 0 (BLACK is 2, WHITE 1, UNKNOWN 0).
    const exit = (state[j]! >> 1) ^ 1;
    count += exit;
    open ^= (open ^ j) & -exit;
  }
  return count === 0 ? -1 : count === 1 ? open : -2;
}

/**
 * Whether a cell's number still shows elsewhere in its row or column: some line mate of `i` is
 * not black. When none is, UC (trivial.ts) whitens `i`.
 */
export function hasLiveMate(state: Uint8Array, mateStart: Int32Array, mate: Int32Array, i: number): boolean {
  for (let e = mateStart[i]!, end = mateStart[i + 1]!; e < end; e++) if (state[mate[e]!] !== BLACK) return true;
  return false;
}

/** The arrays a kernel works in, each one per cell (the core makes them views of one buffer). */
export interface KernelArrays {
  readonly state: Uint8Array;
  readonly trail: Int32Array;
  readonly why: Uint8Array;
  readonly premise: Int32Array;
}

export class Kernel {
  /** The cells: UNKNOWN, WHITE or BLACK (cell-state.ts). */
  state: Uint8Array;
  /** The decided cells in order; `trail[0 .. size)`. */
  readonly trail: Int32Array;
  size = 0;
  /** Per decided cell: its `Why`, and the one cell it follows from (-1 when none). */
  readonly why: Uint8Array;
  readonly premise: Int32Array;
  /** The cell where the rules broke, or -1. */
  conflict = -1;
  /** What broke there: a `Why` naming the rule that found it, and the cell it followed from (-1 when none). */
  conflictWhy: number = Why.NoB;
  conflictFrom = -1;
  whiteCount = 0;
  /** Cells touched by propagation so far (the core's probes count their budget in it). */
  work = 0;
  /** The trail's cells before `head` have had their knock-on effects. */
  protected head = 0;
  protected readonly nbrStart: Int32Array;
  protected readonly nbr: Int32Array;
  protected readonly mateStart: Int32Array;
  protected readonly mate: Int32Array;
  /** Whether `propagate` runs the only way out too (the core's, on grids of 4 or more cells). */
  private readonly exits: boolean;

  constructor(g: Geometry, m: LineMates, arrays: KernelArrays, exits: boolean) {
    this.exits = exits && g.cells >= 4;
    this.nbrStart = g.nbrStart;
    this.nbr = g.nbr;
    this.mateStart = m.mateStart;
    this.mate = m.mate;
    this.state = arrays.state;
    this.trail = arrays.trail;
    this.why = arrays.why;
    this.premise = arrays.premise;
  }

  /**
   * Starts an empty trail over `state` (taken as it is, not copied: a board lends its cells for
   * one `apply`), which has `whiteCount` white cells.
   */
  restart(state: Uint8Array, whiteCount: number): void {
    this.state = state;
    this.whiteCount = whiteCount;
    this.size = 0;
    this.head = 0;
    this.conflict = -1;
    this.conflictFrom = -1;
  }

  /** Decides cell i (no propagation yet). False, with the conflict recorded, when it has the other colour. */
  assign(i: number, colour: number, why: number, premise: number): boolean {
    const have = this.state[i]!;
    if (have === colour) return true;
    if (have !== UNKNOWN) {
      this.conflict = i;
      this.conflictWhy = why;
      this.conflictFrom = premise;
      return false;
    }
    this.state[i] = colour;
    this.why[i] = why;
    this.premise[i] = premise;
    this.trail[this.size++] = i;
    if (colour === WHITE) this.whiteCount++;
    return true;
  }

  /** Takes back every decision after the first `mark` (a probe's). */
  undo(mark: number): void {
    while (this.size > mark) {
      const i = this.trail[--this.size]!;
      if (this.state[i] === WHITE) this.whiteCount--;
      this.state[i] = UNKNOWN;
    }
    this.head = mark;
    this.conflict = -1;
  }

  /**
   * The knock-on rules over every decision not yet propagated: NoB and DoW, and on a kernel made
   * with `exits` the only way out (on grids of 4 or more cells, where every white cell needs a
   * white neighbour).
   * The cells decided while a cell is propagated follow it on the trail together, in the order of
   * its neighbours (mates); false on a contradiction.
   */
  propagate(): boolean {
    const { trail } = this;
    while (this.head < this.size) if (!this.knockOn(trail[this.head++]!)) return false;
    return true;
  }

  /** The knock-on effects of decided cell i alone (see propagate); false on a contradiction. */
  knockOn(i: number): boolean {
    const { state, nbrStart, nbr, mateStart, mate, exits } = this;
    this.work++;
    if (state[i] === BLACK) {
      // Bit k: the k-th neighbour was white already.
      let wasWhite = 0;
      for (let k = nbrStart[i]!, end = nbrStart[i + 1]!, bit = 1; k < end; k++, bit <<= 1) {
        const j = nbr[k]!;
        if (state[j] === WHITE) wasWhite |= bit;
        else if (!this.assign(j, WHITE, Why.NoB, i)) return false;
      }
      // Each neighbour lost a way out. One whitened just now is tested on its own turn (a white
      // cell's knock-on tests its ways out), with at least what is known here: only those that
      // were white before need it now.
      if (exits && wasWhite !== 0)
        for (let k = nbrStart[i]!, end = nbrStart[i + 1]!, bit = 1; k < end; k++, bit <<= 1)
          if ((wasWhite & bit) !== 0 && !this.exit(nbr[k]!)) return false;
    } else {
      for (let k = mateStart[i]!, end = mateStart[i + 1]!; k < end; k++) {
        if (!this.assign(mate[k]!, BLACK, Why.DoW, i)) return false;
      }
      if (exits && !this.exit(i)) return false;
    }
    return true;
  }

  /** Only way out: white cell i with one non-black neighbour makes it white; with none, a contradiction. */
  private exit(i: number): boolean {
    const open = soleExit(this.state, this.nbrStart, this.nbr, i);
    if (open >= 0) return this.assign(open, WHITE, Why.Exit, i);
    if (open === -1) {
      this.conflict = i;
      this.conflictWhy = Why.Exit;
      this.conflictFrom = -1;
      return false;
    }
    return true;
  }
}
