/**
 * Probing (class G of the thesis; Yen's local search; Tatham's CnC, still to do in singles.c).
 *
 * Prob: colour an unknown cell black (BP) and run the cheaper techniques; if that ends in a
 * contradiction, the cell is white. Then the same with white (WP), which makes the cell black.
 * Each probe runs on the board itself and is undone at its end (a trial on the board's trail,
 * trial.ts): no copy of the board. Sound: every technique the probe runs is sound (or sound up
 * to unshading, see below), so a contradiction shows that no solution agrees with the board and
 * the assumed colour.
 * Proposes at most one deduction per call, so the engine goes back to the cheapest technique
 * after each success (as in Tatham's solve_specific).
 *
 * A probe that used UC inside relies on uniqueness in the same way as UC: if a solution had the
 * probed colour, unshading the cells UC whitened (they are not the probed cell) would give a
 * solution that the probe's other deductions all keep, so the probe could not have failed. Its
 * deduction is flagged `usedUniqueness` so that the final check of uniqueness.ts is made.
 */
import { BLACK, type Board } from './board.js';
import { Trial } from './trial.js';
import type { Colour, Contradiction, Deduction, ProbeChain } from './types.js';
import { vouches, type Witnesses } from './witnesses.js';

/** What a probe's inner run found: a contradiction or not, the hardest technique class it used (0 = A), and whether it used UC. */
interface ProbeOutcome {
  readonly contradiction: string | null;
  readonly hardest: number;
  readonly usedUniqueness: boolean;
}

/**
 * Runs the cheaper techniques on `board` (already carrying the probed colour) to a fixpoint or a
 * contradiction; `trial` when the probe is one that looks near its changes (trial.ts), null when
 * it started from a board not at a fixpoint.
 */
export interface ProbeRunner {
  (board: Board, trial: Trial | null): ProbeOutcome;
  /**
   * True once the run's limit has passed. A pass of probes tries every open cell (5,000 trials
   * on a 50x50), each a connectivity check even when the limit stops its inner run at once; so
   * the pass itself stops, and finds nothing more.
   */
  readonly expired?: () => boolean;
}

/**
 * Where a pass of probes runs (the engine's Context has these fields, catalogue.ts): whether the
 * board is at a fixpoint of the runner's techniques, so that each probe is a trial that looks
 * only near its changes (trial.ts); the trial the board itself is on (Prob inside a Prob-2
 * trial); and the witnesses for that trial (witnesses.ts).
 */
export interface ProbeSite {
  readonly atFixpoint?: boolean;
  readonly trial?: Trial;
  readonly witnesses?: Witnesses;
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

/**
 * A pass of probes from one board, each on the board itself: the board's mark, its contradiction
 * (none in the engine, which stops at one) and trace (a probe runs without one), and the trial the
 * probes share (null when the board is not at a fixpoint). `done` undoes a probe; `end` gives the
 * board back as it was.
 */
class Pass {
  readonly board: Board;
  readonly mark: number;
  private readonly contradiction: Contradiction | null;
  readonly trace: Deduction[] | null;
  readonly trial: Trial | null;

  constructor(board: Board, atFixpoint: boolean | undefined) {
    this.board = board;
    this.mark = board.trailSize;
    this.contradiction = board.contradiction;
    this.trace = board.trace;
    board.trace = null;
    this.trial = atFixpoint === true ? new Trial(board) : null;
  }

  /** Probes `cell` with `colour`, leaving the board as the trial ends (`done` undoes it). */
  probe(cell: number, colour: Colour, run: ProbeRunner): ProbeOutcome {
    const { board, trial } = this;
    trial?.again();
    if (!board.assume(cell, colour) || !board.checkConnectivity(trial)) {
      return { contradiction: board.contradiction?.reason ?? 'contradiction', hardest: 0, usedUniqueness: false };
    }
    return run(board, trial);
  }

  done(): void {
    this.board.undo(this.mark);
    this.board.contradiction = this.contradiction;
  }

  end(): void {
    this.done();
    this.board.trace = this.trace;
  }

  /**
   * The failed trial of a probe, step by step, for an explanation: the probe runs again with a
   * record of its steps (probes run without one, and only the ones that fail are told). The inner
   * run is deterministic, so it ends in the same clash; undefined if it did not (a deadline cut it
   * short).
   */
  tell(cell: number, colour: Colour, run: ProbeRunner): ProbeChain | undefined {
    const steps: Deduction[] = [];
    this.board.trace = steps;
    this.probe(cell, colour, run);
    const clash = this.board.contradiction?.reason;
    this.board.trace = null;
    this.done();
    return clash === undefined ? undefined : { steps, clash };
  }
}

function tally(cursor: ProbeCursor, cls: number): void {
  cursor.tried = (cursor.tried ?? 0) + 1;
  cursor.classSum = (cursor.classSum ?? 0) + cls;
}

/**
 * `site.witnesses` (witnesses.ts), only where a probe that fails to find a clash leaves no trace
 * (Prob inside a Prob-2 trial): probes a known solution shows cannot fail are skipped, and the
 * trials of those that run seed new solutions.
 */
export function Prob(
  board: Board,
  run: ProbeRunner,
  cursor: ProbeCursor = { next: 0 },
  technique: 'Prob' | 'Prob-2' = 'Prob',
  site: ProbeSite = {},
): Deduction[] {
  const { n } = board;
  const { witnesses } = site;
  const cover = witnesses?.cover(board, site.trial ?? null);
  const pass = new Pass(board, site.atFixpoint);
  try {
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
        const outcome = pass.probe(cell, colour, run);
        if (cover !== undefined && outcome.contradiction === null) witnesses!.complete(board, pass.trial, run, cover);
        pass.done();
        hardest = Math.max(hardest, outcome.hardest + 1);
        if (colour === 'white' || outcome.contradiction !== null) tally(cursor, hardest);
        if (outcome.contradiction === null) continue;
        cursor.next = (cell + 1) % n;
        const other = colour === 'black' ? 'white' : 'black';
        const chain = pass.trace === null ? undefined : pass.tell(cell, colour, run);
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
  } finally {
    pass.end();
  }
}

/**
 * Prob-C (common consequence; the "two possibilities" that Tatham's singles.c lists as still to
 * do): probe an unknown cell both ways; a cell that comes out the same colour in both runs has
 * that colour. Sound: the probed cell is black or white in every solution, and each run's
 * deductions hold in every solution with that colour. With UC inside the runs, a white
 * conclusion holds up to unshading only, by the unshading lemma of uniqueness.ts; the deduction
 * is then flagged `usedUniqueness`.
 */
export function ProbC(board: Board, run: ProbeRunner, cursor: ProbeCursor = { next: 0 }, site: ProbeSite = {}): Deduction[] {
  const { n } = board;
  const pass = new Pass(board, site.atFixpoint);
  // The colours of the cells the first run decided, by cell (0 elsewhere: no cell state is 0 once decided).
  const first = new Uint8Array(n);
  try {
    for (let k = 0; k < n; k++) {
      const cell = (cursor.next + k) % n;
      if (!board.isUnknown(cell)) continue;
      if (run.expired?.()) return [];
      let hardest = 0;
      let usedUniqueness = false;
      let firstCells: Int32Array | null = null;
      const cells: { cell: number; colour: 'white' | 'black' }[] = [];
      for (const colour of ['black', 'white'] as const) {
        const outcome = pass.probe(cell, colour, run);
        // A probe that fails is Prob's business, not this technique's.
        if (outcome.contradiction !== null) {
          pass.done();
          break;
        }
        hardest = Math.max(hardest, outcome.hardest);
        usedUniqueness ||= outcome.usedUniqueness;
        // What a run decided is the trail from the mark: the probed cell, then the rest.
        const { trail, trailSize, state } = board;
        if (firstCells === null) {
          firstCells = trail.slice(pass.mark + 1, trailSize);
          for (const y of firstCells) first[y] = state[y]!;
        } else {
          for (let t = pass.mark + 1; t < trailSize; t++) {
            const y = trail[t]!;
            if (first[y] === state[y]) cells.push({ cell: y, colour: state[y] === BLACK ? 'black' : 'white' });
          }
        }
        pass.done();
      }
      if (firstCells !== null) for (const y of firstCells) first[y] = 0;
      if (cells.length === 0) continue;
      cells.sort((a, b) => a.cell - b.cell);
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
  } finally {
    pass.end();
  }
}
