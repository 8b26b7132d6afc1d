/**
 * The deduction core: the rule engine's sound deductions on flat typed arrays, fast enough to run
 * before every SAT solve: the rule kernel (kernel.ts: one cell state per cell, a trail of the cells
 * in the order they were decided, and per decided cell a compact record of why, a technique number
 * and one premise cell) with the techniques below. Nothing in the loops allocates or builds a
 * string; the text of a step is made on demand (`describeStep`).
 *
 * Every deduction holds in every solution under the rules as written (convention `literal`), and
 * none assumes a unique solution (no UC), so:
 * - a contradiction proves there is no solution;
 * - a board with every cell decided is the only candidate: if it passes the checker it is the
 *   only solution (every solution agrees with every forced deduction), a uniqueness proof with no
 *   SAT call;
 * - a partial board may be handed to SAT as unit clauses without losing a solution.
 * Every solution under a stricter convention is a `literal` solution, so all of this holds under
 * every convention.
 *
 * The techniques, with the codes of the catalogue (catalogue.ts), cheapest first:
 *  NoB    (knock-on, kernel.ts) a black cell's neighbours are white (rule 2).
 *  DoW    (knock-on, kernel.ts) a white cell's line mates are black (rule 1).
 *  Sim-M3 a b a in a line: b is white (one a is black, rule 1; b touches it, rule 2).
 *  Sim-U* an adjacent pair a a in a line: every other a of the line is black (the pair has
 *         exactly one white cell). With NoB and DoW it covers Sim-U3 (a a a).
 *  NCO-B  (knock-on, kernel.ts: "only way out") a white cell with exactly one non-black neighbour: that
 *         neighbour is white (rule 3: on 4 or more cells a solution has two or more white cells,
 *         so every white cell needs a white neighbour). With none left, a contradiction.
 *         Covers Tatham's CC and CE (NCO-C, NCO-B).
 *  NCO    an unknown cell whose blackening would split the white cells is white (rule 3); all
 *         at once as the articulation points of the non-black cells (Hopcroft-Tarjan lowpoints)
 *         that separate white cells. Covers Tatham's MC and QM.
 *  Prob   (bounded probing, one cell deep) colour an unknown cell, run the knock-on rules above;
 *         a contradiction proves the other colour. Covers the line patterns of class B (Sim-U3,
 *         Sim-M4, Sim-M*), Tatham's corner rules (QC, TC) and most of C-F whose proofs are
 *         chains of rules 1 and 2. A probe costs the cells it touches; the probe pass stops at a
 *         work budget, so it never costs more than handing the rest to SAT; a board with more
 *         open cells than the budget can try once is left to SAT at once.
 *  Prob   with connectivity: the same, then a flood fill to test rule 3 on the probed board. A
 *         pass of these runs only when the cheap probes are stuck.
 */
import { geometryOf, lineMates, numberKeys } from '../puzzle/geometry.js';
import { type CompressedGraph, type FloodScratch, floodCount } from '../puzzle/graph.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import { Limit } from '../control/limit.js';
import { BLACK, mayCloseWall, UNKNOWN, WHITE } from './board.js';
import { cellLabel } from '../puzzle/puzzle.js';
import { hasLiveMate, Kernel, Why } from './kernel.js';
import { countSeparated, type SeparatorCount } from './separators.js';
import { pairAt, pairMateAt, sandwichAt } from './simple.js';
import type { TechniqueCode } from './types.js';

/** The catalogue code of each `Why` (kernel.ts). */
const stepCodes: readonly TechniqueCode[] = ['NoB', 'DoW', 'Sim-M3', 'Sim-U*', 'NCO-B', 'NCO', 'Prob', 'Prob'];

/**
 * Probing stops after this many propagated cells per cell of the grid, and after
 * `maxProbeWork` in all (about 0.4 ms). Measured on the bundled sets (BENCH.md): 25 per cell
 * finishes 99 of janko's 102 17x17s, 50 all that probing can finish there; every bundled puzzle
 * that probing finishes needs less than 10,000 in all (the tudelft 22x22 and 23x23 ones come
 * closest). The puzzles that probing cannot finish (the 48x48 and 50x50 ones have several
 * solutions) spend the whole budget before SAT takes over, so the cap keeps that small next to
 * a SAT solve of their size: 20,000 cost them a quarter of the SAT solve's time (5 ms of CPU).
 */
const defaultProbeBudget = 50;
const maxProbeWork = 12_000;
/**
 * What one probe (one colour of one cell, propagated and undone) costs, in work: the median on
 * the bundled puzzles that probing finishes. Probing finishes a board by trying its open cells
 * (1.7 trials per open cell, median; at most a few hundred open cells), so a board with more
 * open cells than the budget pays trials for cannot be finished by it: probing is skipped there,
 * and SAT takes the rest at once (the 48x48s with several solutions: 800-2,200 open cells, the
 * whole budget spent for 5-20 cells).
 */
const probeTrialWork = 15;

type CoreStatus = 'solved' | 'stuck' | 'contradiction';

export interface CoreOptions {
  /** Past it, probing stops: the result is then stuck, with `timedOut` (a partial result, the core's one way of stopping at a limit). */
  readonly limit?: Limit;
  /** Work budget of probing, in cells touched, per cell of the grid (default `defaultProbeBudget`, at most `maxProbeWork` in all). 0: no probing. */
  readonly probeBudget?: number;
  /**
   * false: a board whose every cell is decided may be returned `solved` without the last test of
   * rule 3 (a flood fill), which the caller then owes: the hybrid's checker tests it on every
   * answer anyway, and a finished board that breaks rule 3 means no solution (every cell is
   * forced). Every other rule holds on it, as on any board the core finishes. Default true.
   */
  readonly checkConnected?: boolean;
}

export interface CoreResult {
  readonly status: CoreStatus;
  /** Cells decided (of rows x cols). */
  readonly decided: number;
  /** Successful probes. */
  readonly probes: number;
  /** The probe budget or the limit ran out before a fixpoint. */
  readonly budgetSpent: boolean;
  readonly timedOut: boolean;
}

/**
 * A core's per-cell arrays, every one a view of one buffer, and its line mates. The solve path
 * makes a core per puzzle; each typed array of its own would be a backing store allocated outside
 * V8's heap that V8 frees on a background thread after the next scavenge, and with about 30 of
 * them per solve the solving that followed each scavenge ran 1.7x slower for about 3 ms (BENCH.md,
 * deduction). Even one buffer per solve was a tenth of a 17x17's solve: a core that is done gives
 * its arrays back (`release`), and the next core of the same size takes them.
 */
interface CoreArrays {
  readonly n: number;
  readonly keys: Int32Array;
  readonly state: Uint8Array;
  readonly trail: Int32Array;
  readonly why: Uint8Array;
  readonly premise: Int32Array;
  readonly flood: FloodScratch;
  readonly mainFlood: FloodScratch;
  /** NCO's count (separators.ts). */
  readonly separated: SeparatorCount;
  /** Where the line mates go when they fit (lineMates' `reuse`); replaced by a larger one when not. */
  mates: Int32Array;
  /**
   * Per cell and colour (index 2 * cell + 1 for black, 2 * cell for white), the probe round in
   * which a probe that did not fail implied it (see probePass); `round` counts the rounds, kept
   * with the arrays so that a stamp left by an earlier core never matches.
   */
  readonly implied: Int32Array;
  round: number;
}

/** The arrays of the last core released, for the next core of their size; none above `keptCells` cells. */
let spare: CoreArrays | undefined;
const keptCells = 1 << 17;
/** A flood's epoch past this starts again from 0 with cleared stamps, before an Int32Array stamp could wrap. */
const maxEpoch = 1 << 30;

function coreArrays(n: number): CoreArrays {
  const ints = 14;
  const buffer = new ArrayBuffer(n * (ints * Int32Array.BYTES_PER_ELEMENT + 2));
  const int = (k: number) => new Int32Array(buffer, k * n * Int32Array.BYTES_PER_ELEMENT, n);
  const byte = (k: number) => new Uint8Array(buffer, ints * n * Int32Array.BYTES_PER_ELEMENT + k * n, n);
  const stack = int(3);
  return {
    n,
    keys: int(0),
    state: byte(0),
    trail: int(1),
    why: byte(1),
    premise: int(2),
    flood: { stamp: int(4), stack, epoch: 0 },
    mainFlood: { stamp: int(5), stack, epoch: 0 },
    separated: {
      whites: int(6),
      whitesGiven: false,
      sepWhites: int(7),
      search: { disc: int(8), low: int(9), edge: int(10), stack: int(11) },
    },
    mates: new Int32Array(0),
    implied: new Int32Array(buffer, 12 * n * Int32Array.BYTES_PER_ELEMENT, 2 * n),
    round: 0,
  };
}

/** Arrays for a core of n cells: the spare ones when they fit, cleared where a core reads before it writes. */
function takeArrays(n: number): CoreArrays {
  const kept = spare;
  if (kept === undefined || kept.n !== n) return coreArrays(n);
  spare = undefined;
  kept.state.fill(0);
  for (const flood of [kept.flood, kept.mainFlood])
    if (flood.epoch > maxEpoch) {
      flood.stamp.fill(0);
      flood.epoch = 0;
    }
  if (kept.round > maxEpoch) {
    kept.implied.fill(0);
    kept.round = 0;
  }
  return kept;
}

export class DeductionCore extends Kernel {
  readonly rows: number;
  readonly cols: number;
  readonly n: number;
  /** The numbers renamed 0, 1, 2, ... (numberKeys), for comparing: an Int32Array of the numbers themselves would wrap those over 2^31. */
  readonly keys: Int32Array;
  /** The numbers, for the text of a step. */
  readonly values: readonly number[];
  private readonly lines: readonly Int32Array[];
  // Scratch for the flood fills (puzzle/graph.ts) and the articulation points.
  private readonly flood: FloodScratch;
  /** The white part (`labelMain`): cell i is in it when `mainFlood.stamp[i] === mainEpoch`. */
  private readonly mainFlood: FloodScratch;
  private mainEpoch = -1;
  private readonly graph: CompressedGraph;
  /** NCO's count (separators.ts). */
  private readonly separated: SeparatorCount;
  /**
   * The board's size when rule 3 was last found to hold on it (by NCO's search), or -1. Outside a
   * probe the board only grows, so the same size is the same board.
   */
  private connectedAt = -1;
  /** Probe rounds (CoreArrays' `implied`, `round`). */
  private readonly implied: Int32Array;
  private round: number;
  /** The arrays, until `release` gives them to the next core. */
  private arrays: CoreArrays | undefined;

  /** `limit` bounds the set-up (a 1000x1000 grid's shape and line mates). */
  constructor(puzzle: Puzzle, limit = Limit.none) {
    const g = geometryOf(puzzle, limit);
    const n = g.cells;
    const arrays = takeArrays(n);
    const keys = numberKeys(puzzle.values, arrays.keys);
    const mates = lineMates(puzzle, limit, keys, arrays.mates);
    if (mates.mateStart.buffer !== arrays.mates.buffer) arrays.mates = new Int32Array(mates.mateStart.buffer);
    // premise is -1 (none) until a cell is decided.
    super(g, mates, { state: arrays.state, trail: arrays.trail, why: arrays.why, premise: arrays.premise.fill(-1) }, true);
    this.arrays = arrays;
    this.rows = g.rows;
    this.cols = g.cols;
    this.n = n;
    this.lines = g.lines;
    this.keys = keys.key;
    this.values = puzzle.values;
    this.flood = arrays.flood;
    this.mainFlood = arrays.mainFlood;
    this.separated = arrays.separated;
    this.implied = arrays.implied;
    this.round = arrays.round;
    this.graph = g;
  }

  /**
   * Gives this core's arrays to the next core of its size: the caller is done with it (its cells,
   * its shading, its steps), and nothing of it may be read afterwards.
   */
  release(): void {
    if (this.arrays !== undefined && this.n <= keptCells) {
      this.arrays.round = this.round;
      spare = this.arrays;
    }
    this.arrays = undefined;
  }

  get unknownCount(): number {
    return this.n - this.size;
  }

  /** Every cell: true black, false white, null undecided. */
  cells(): (boolean | null)[] {
    // Plain loops here and in shading(): Array.from over a typed array goes through the iterator,
    // 24 KB of garbage per 20x20 solve.
    const { state, n } = this;
    const out = new Array<boolean | null>(n);
    for (let i = 0; i < n; i++) out[i] = state[i] === UNKNOWN ? null : state[i] === BLACK;
    return out;
  }

  /**
   * Every cell as `cells()` gives it, with each undecided cell whose number no non-black cell of
   * its row or column shows set white (UC, trivial.ts: sound up to unshading, so a solution of the
   * board this gives stands for every solution of this board, see uniqueness.ts), and how many
   * cells that whitened.
   */
  cellsUpToUnshading(): { cells: (boolean | null)[]; whitened: number } {
    const { state, mateStart, mate } = this;
    const cells = this.cells();
    let whitened = 0;
    for (let i = 0; i < this.n; i++) {
      if (state[i] !== UNKNOWN || hasLiveMate(state, mateStart, mate, i)) continue;
      cells[i] = false;
      whitened++;
    }
    return { cells, whitened };
  }

  /** The line patterns that depend on the numbers only (Sim-M3, Sim-U*), then propagation. */
  patterns(): boolean {
    const { keys, lines } = this;
    for (const line of lines) {
      const len = line.length;
      for (let k = 0; k + 1 < len; k++) {
        const a = line[k]!;
        if (sandwichAt(keys, line, k) && !this.assign(line[k + 1]!, WHITE, Why.SimM3, a)) return false;
        if (!pairAt(keys, line, k)) continue;
        for (let m = 0; m < len; m++) if (pairMateAt(keys, line, k, m) && !this.assign(line[m]!, BLACK, Why.SimUStar, a)) return false;
      }
    }
    return this.propagate();
  }

  /**
   * Rule 3 as a test: the white cells all lie in one part of the non-black cells, and not every
   * cell is black. Flood fill from one white cell.
   */
  connected(): boolean {
    const { state, n } = this;
    this.work += n;
    if (this.whiteCount < 2) {
      if (this.whiteCount === 1 || this.size < n) return true;
      this.conflict = 0;
      this.conflictWhy = Why.NCO;
      return false;
    }
    let start = 0;
    while (state[start] !== WHITE) start++;
    const whites = floodCount(this.graph, this.flood, state, start, BLACK, WHITE);
    if (whites === this.whiteCount) return true;
    this.conflict = start;
    this.conflictWhy = Why.NCO;
    return false;
  }

  /**
   * NCO: whitens every unknown cell that separates white cells (an articulation point of the
   * non-black cells with white cells on a side it cuts off), then propagates. Returns false on a
   * contradiction; `this.size` tells whether it decided anything. The count is NCO's, as the
   * explaining engine's (separators.ts).
   */
  separators(): boolean {
    if (this.whiteCount < 2) return this.connected();
    const { state, n } = this;
    let root = 0;
    while (state[root] !== WHITE) root++;
    const total = countSeparated(this.graph, root, state, this.separated);
    const { sepWhites } = this.separated;
    // The search reached every white cell connected to the root: rule 3 is tested with no flood
    // of its own (the work counted as the flood's was, so that the probe budget is spent as before).
    this.work += 2 * n;
    if (total !== this.whiteCount) {
      this.conflict = root;
      this.conflictWhy = Why.NCO;
      return false;
    }
    this.connectedAt = this.size;
    for (let x = 0; x < n; x++) {
      // A cut-off side holds white cells, and so does the rest (the root's side, or another child).
      if (state[x] !== UNKNOWN) continue;
      const s = sepWhites[x]!;
      if (s > 0 && s < total && !this.assign(x, WHITE, Why.NCO, root)) return false;
    }
    return this.propagate();
  }

  /**
   * Labels the part of the non-black cells that holds the white cells (`mainFlood`), so that a
   * probe can tell at once whether a cell it whitens is cut off already.
   */
  private labelMain(): void {
    const { state } = this;
    this.mainEpoch = -1;
    let start = 0;
    while (start < this.n && state[start] !== WHITE) start++;
    if (start === this.n) return;
    floodCount(this.graph, this.mainFlood, state, start, BLACK, WHITE);
    this.mainEpoch = this.mainFlood.epoch;
    this.work += this.n;
  }

  /**
   * Whether colouring cell i `colour` leads to a contradiction (the board is left as it was).
   * With `connectivity`, rule 3 is tested too: a cell whitened outside the white cells' part is
   * a contradiction, and a flood fill runs when a new black cell may close a wall.
   */
  private fails(i: number, colour: number, connectivity: boolean): boolean {
    const mark = this.size;
    let failed = !this.assign(i, colour, Why.Prob, -1) || !this.propagate();
    if (!failed && connectivity) {
      let flood = false;
      for (let t = mark; t < this.size; t++) {
        const j = this.trail[t]!;
        if (this.state[j] === WHITE) {
          if (this.mainEpoch >= 0 && this.mainFlood.stamp[j] !== this.mainEpoch) {
            failed = true;
            break;
          }
        } else if (!flood && mayCloseWall(this.state, this.rows, this.cols, j)) flood = true;
      }
      if (!failed && flood) failed = !this.connected();
    }
    if (!failed) {
      // Every cell this probe decided, in its colour: probing that colour there in this round
      // cannot fail (see probePass).
      const { trail, state, implied, round } = this;
      for (let t = mark + 1; t < this.size; t++) {
        const j = trail[t]!;
        implied[2 * j + (state[j]! >> 1)] = round;
      }
    }
    this.undo(mark);
    return failed;
  }

  /**
   * One pass of probes over the unknown cells; every failed probe decides its cell the other way
   * at once. Returns the number decided, or -1 on a contradiction.
   */
  private probePass(connectivity: boolean, budget: number, limit: Limit): number {
    const { state, n } = this;
    const { implied } = this;
    let found = 0;
    if (connectivity) this.labelMain();
    // A round lasts while the board stays the same. A probe that did not fail implied every cell
    // it decided: probing one of those in its colour in the same round decides a subset of what
    // that probe decided (propagation is monotone), and fails only if it did, and so does the
    // connectivity test (more black and white cells only cut off more), so it is skipped.
    this.round++;
    for (let i = 0; i < n; i++) {
      if (state[i] !== UNKNOWN) continue;
      if (this.work > budget || ((i & 31) === 0 && limit.expired)) return found;
      const why = connectivity ? Why.ProbConnected : Why.Prob;
      let colour = -1;
      if (implied[2 * i + 1] !== this.round && this.fails(i, BLACK, connectivity)) colour = WHITE;
      else if (implied[2 * i] !== this.round && this.fails(i, WHITE, connectivity)) colour = BLACK;
      if (colour < 0) continue;
      found++;
      if (!this.assign(i, colour, why, -1) || !this.propagate()) return -1;
      this.round++;
      if (connectivity) this.labelMain();
    }
    return found;
  }

  /** Runs every technique to a fixpoint (or a contradiction, or the budget or limit). */
  run(options: CoreOptions = {}): CoreResult {
    const limit = options.limit ?? Limit.none;
    const budget = this.work + Math.min((options.probeBudget ?? defaultProbeBudget) * this.n, maxProbeWork);
    let probes = 0;
    // A board the patterns finish needs only rule 3's test (below), not NCO's search.
    let ok = this.patterns() && (this.size === this.n || this.separators());
    let spent = false;
    const probing = options.probeBudget !== 0 && (this.n - this.size) * probeTrialWork <= budget - this.work;
    for (let connectivity = false; ok && this.size < this.n; ) {
      const found = probing ? this.probePass(connectivity, budget, limit) : 0;
      if (found < 0) ok = false;
      else {
        probes += found;
        const before = this.size;
        // NCO's search again, unless it ran on this very board and decided nothing (the probes found nothing since).
        ok = this.connectedAt === this.size || this.separators();
        if (!ok || this.size === this.n) break;
        if (found > 0 || this.size > before) {
          connectivity = false;
          continue;
        }
        if (this.work > budget || limit.expired) {
          spent = true;
          break;
        }
        if (connectivity || !probing) break;
        connectivity = true;
      }
    }
    // Rule 3 on the finished board, unless NCO's search found it to hold with no cell decided since.
    if (ok && this.size === this.n && this.connectedAt !== this.size && options.checkConnected !== false) ok = this.connected();
    const status: CoreStatus = !ok ? 'contradiction' : this.size === this.n ? 'solved' : 'stuck';
    return {
      status,
      decided: this.size,
      probes,
      budgetSpent: spent,
      timedOut: status === 'stuck' && limit.expired,
    };
  }

  /** The shading (true = black) of a board with every cell decided. */
  shading(): boolean[] {
    const { state, n } = this;
    const out = new Array<boolean>(n);
    for (let i = 0; i < n; i++) out[i] = state[i] === BLACK;
    return out;
  }
}

/** One recorded step in words, built only when asked: "r3c4 white (NoB: beside black r3c5)". */
export function describeStep(core: DeductionCore, cell: number): string {
  const colour = core.state[cell] === BLACK ? 'black' : core.state[cell] === WHITE ? 'white' : 'undecided';
  const why = core.why[cell]!;
  const from = core.premise[cell]!;
  const at = (i: number) => cellLabel(core.cols, i);
  const code = stepCodes[why]!;
  const reason = [
    () => `beside black ${at(from)}`,
    () => `white ${at(from)} shows the same ${core.values[cell]} in its line`,
    () => `between two ${core.values[from]}s from ${at(from)}`,
    () => `beside the pair of ${core.values[from]}s at ${at(from)}`,
    () => `the only way out of white ${at(from)}`,
    () => `black here would cut white cells off`,
    () => `the other colour leads to a contradiction`,
    () => `the other colour leads to a contradiction or cuts white cells off`,
  ][why]!();
  return `${at(cell)} ${colour} (${code}: ${reason})`;
}
