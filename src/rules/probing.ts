/**
 * Probing (class G of the thesis; Yen's local search; Tatham's CnC, still to do in singles.c).
 *
 * Prob: colour an unknown cell black (BP) and run the cheaper techniques on a copy of the board;
 * if that ends in a contradiction, the cell is white. Then the same with white (WP), which makes
 * the cell black. Sound: every technique the probe runs is sound (or sound up to unshading, see
 * below), so a contradiction shows that no solution agrees with the board and the assumed colour.
 * Proposes at most one deduction per call, so the engine goes back to the cheapest technique
 * after each success (as in Tatham's solve_specific).
 *
 * A probe that used UC inside relies on uniqueness in the same way as UC: if a solution had the
 * probed colour, unshading the cells UC whitened (they are not the probed cell) would give a
 * solution that the probe's other deductions all keep, so the probe could not have failed. Its
 * deduction is flagged `usedUniqueness` so that the final check of uniqueness.ts is made.
 */
import type { Board } from './board.js';
import type { Colour, Deduction, ProbeChain } from './types.js';
import { vouches, type Witnesses } from './witnesses.js';

/** What a probe's inner run found: a contradiction or not, the hardest technique class it used (0 = A), and whether it used UC. */
interface ProbeOutcome {
  readonly contradiction: string | null;
  readonly hardest: number;
  readonly usedUniqueness: boolean;
}

/** Runs the cheaper techniques on `board` (already carrying the probed colour) to a fixpoint or a contradiction. */
export interface ProbeRunner {
  (board: Board): ProbeOutcome;
  /**
   * True once the run's deadline has passed. A pass of probes tries every open cell (5,000 trials
   * on a 50x50), each a copy of the board and a connectivity check even when the deadline stops
   * its inner run at once; so the pass itself stops, and finds nothing more.
   */
  readonly expired?: () => boolean;
}

/**
 * Where the next call starts looking, so that a pass does not retry the same failing cells first;
 * and the tally of every probe tried (a cell probed black, then white unless black failed), each
 * counted with the class of the hardest technique its trials used (1 = A .. 6 = F, 7 when a
 * trial probed again): the thesis's step measure for class G ("probing every cell").
 */
export interface ProbeCursor {
  next: number;
  tried?: number;
  classSum?: number;
}

/** The probe's outcome and its trial board, which the next probe reuses (Board.trialCopy). */
function probeCell(board: Board, cell: number, colour: Colour, run: ProbeRunner): { outcome: ProbeOutcome; trial: Board } {
  const copy = board.trialCopy();
  if (board.stable) copy.startTrial(board);
  if (!copy.assume(cell, colour) || !copy.checkConnectivity()) {
    return { outcome: { contradiction: copy.contradiction?.reason ?? 'contradiction', hardest: 0, usedUniqueness: false }, trial: copy };
  }
  return { outcome: run(copy), trial: copy };
}

function tally(cursor: ProbeCursor, cls: number): void {
  cursor.tried = (cursor.tried ?? 0) + 1;
  cursor.classSum = (cursor.classSum ?? 0) + cls;
}

/**
 * The failed trial of a probe, step by step, for an explanation: the probe runs again on a copy
 * that records its steps (probes run without a record, and only the ones that fail are told).
 * The inner run is deterministic, so it ends in the same clash; undefined if it did not (a
 * deadline cut it short).
 */
function traceProbe(board: Board, cell: number, colour: Colour, run: ProbeRunner): ProbeChain | undefined {
  const steps: Deduction[] = [];
  const copy = board.clone(steps);
  if (board.stable) copy.startTrial(board);
  if (copy.assume(cell, colour) && copy.checkConnectivity()) run(copy);
  const clash = copy.contradiction?.reason;
  return clash === undefined ? undefined : { steps, clash };
}

/**
 * `witnesses` (witnesses.ts), only where a probe that fails to find a clash leaves no trace (Prob
 * inside a Prob-2 trial): probes a known solution shows cannot fail are skipped, and the trials of
 * those that run seed new solutions.
 */
export function Prob(
  board: Board,
  run: ProbeRunner,
  cursor: ProbeCursor = { next: 0 },
  technique: 'Prob' | 'Prob-2' = 'Prob',
  witnesses?: Witnesses,
): Deduction[] {
  const { n } = board;
  const cover = witnesses?.cover(board);
  for (let k = 0; k < n; k++) {
    const cell = (cursor.next + k) % n;
    if (!board.isUnknown(cell)) continue;
    if (run.expired?.()) return [];
    let hardest = 0;
    for (const colour of ['black', 'white'] as const) {
      if (cover !== undefined && vouches(cover, cell, colour)) {
        witnesses!.skip();
        continue;
      }
      const { outcome, trial } = probeCell(board, cell, colour, run);
      if (cover !== undefined && outcome.contradiction === null) witnesses!.complete(trial, run, cover);
      hardest = Math.max(hardest, outcome.hardest + 1);
      if (colour === 'white' || outcome.contradiction !== null) tally(cursor, hardest);
      if (outcome.contradiction === null) continue;
      cursor.next = (cell + 1) % n;
      const other = colour === 'black' ? 'white' : 'black';
      const chain = board.trace === null ? undefined : traceProbe(board, cell, colour, run);
      const d: Deduction = {
        technique,
        cells: [{ cell, colour: other }],
        premises: [cell],
        reason:
          chain === undefined
            ? `if ${board.label(cell)} were ${colour}: ${outcome.contradiction}; so ${board.label(cell)} is ${other}`
            : `if ${board.label(cell)} were ${colour}, the trial below would end in a clash (${chain.clash}); so ${board.label(cell)} is ${other}`,
        weight: outcome.hardest + 1,
        ...(chain === undefined ? {} : { probe: chain }),
      };
      return [outcome.usedUniqueness ? { ...d, usedUniqueness: true } : d];
    }
  }
  return [];
}

/**
 * Prob-C (common consequence; the "two possibilities" that Tatham's singles.c lists as still to
 * do): probe an unknown cell both ways; a cell that comes out the same colour in both runs has
 * that colour. Sound: the probed cell is black or white in every solution, and each run's
 * deductions hold in every solution with that colour. With UC inside the runs, a white
 * conclusion holds up to unshading only, by the unshading lemma of uniqueness.ts; the deduction
 * is then flagged `usedUniqueness`.
 */
export function ProbC(board: Board, run: ProbeRunner, cursor: ProbeCursor = { next: 0 }): Deduction[] {
  const { n } = board;
  for (let k = 0; k < n; k++) {
    const cell = (cursor.next + k) % n;
    if (!board.isUnknown(cell)) continue;
    if (run.expired?.()) return [];
    const boards: Board[] = [];
    let hardest = 0;
    let usedUniqueness = false;
    for (const colour of ['black', 'white'] as const) {
      const copy = board.clone();
      if (board.stable) copy.startTrial(board);
      const outcome = copy.assume(cell, colour) && copy.checkConnectivity() ? run(copy) : null;
      // A probe that fails is Prob's business, not this technique's.
      if (outcome === null || outcome.contradiction !== null) break;
      hardest = Math.max(hardest, outcome.hardest);
      usedUniqueness ||= outcome.usedUniqueness;
      boards.push(copy);
    }
    if (boards.length < 2) continue;
    const [b1, b2] = boards as [Board, Board];
    const cells: { cell: number; colour: 'white' | 'black' }[] = [];
    for (let y = 0; y < n; y++) {
      if (board.isUnknown(y) && y !== cell && !b1.isUnknown(y) && b1.get(y) === b2.get(y))
        cells.push({ cell: y, colour: b1.isBlack(y) ? 'black' : 'white' });
    }
    if (cells.length === 0) continue;
    cursor.next = (cell + 1) % n;
    const say = (colour: string) =>
      cells
        .filter((c) => c.colour === colour)
        .map((c) => board.label(c.cell))
        .join(', ');
    const parts = [say('black') && `${say('black')} black`, say('white') && `${say('white')} white`].filter((s) => s !== '');
    const d: Deduction = {
      technique: 'Prob-C',
      cells,
      premises: [cell],
      reason: `${board.label(cell)} black and ${board.label(cell)} white both lead to ${parts.join(' and ')}`,
      weight: hardest + 1,
    };
    return [usedUniqueness ? { ...d, usedUniqueness: true } : d];
  }
  return [];
}
