/**
 * The vocabulary of the rule engine: colours, difficulty levels, technique codes, and the
 * deduction a technique proposes. Techniques never change a board; they return deductions, and
 * `Board.apply` (board.ts) carries them out with their knock-on effects.
 */

export type Colour = 'white' | 'black';

/** Difficulty classes of the thesis's Table 5, cheapest first. */
export const levels = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;

/** The rule sets (catalogue.ts says which techniques each has): every technique, the thesis's, the thesis's 2-SAT classifier. */
export const ruleSetNames = ['all', 'thesis', 'two-sat'] as const;
export type RuleSet = (typeof ruleSetNames)[number];
export type Level = (typeof levels)[number];

/** Every technique, by its code (thesis codes; `2-SAT` is the line solver of thesis section 6.1). */
export const techniqueCodes = [
  'UC',
  'NoB',
  'DoW',
  'Sim-M3',
  'Sim-U3',
  'Sim-U*',
  'Sim-M4',
  'Sim-M*',
  '2-SAT',
  'DP',
  'SbP',
  'CP',
  'DoT',
  'BoP-D',
  'BoP-T',
  'BoP',
  'NCO-C',
  'NCO-B',
  'EP',
  'EP-B',
  'EP-M',
  'NCO',
  'NCO-K',
  'Prob',
  'Prob-C',
  'Prob-2',
] as const;
export type TechniqueCode = (typeof techniqueCodes)[number];

export interface CellColour {
  readonly cell: number;
  readonly colour: Colour;
}

/**
 * One deduction: the cells it colours, the cells it relies on (their values or colours), and a
 * one-line reason a person can check ("row 4: 7 7 7 at c3-c5, so c3 and c5 black, c4 white").
 */
export interface Deduction {
  readonly technique: TechniqueCode;
  readonly cells: readonly CellColour[];
  readonly premises: readonly number[];
  readonly reason: string;
  /**
   * The size a difficulty measure counts: for a connectivity rule (class F), the white cells a
   * wrong colour would cut off; for a probe (class G), the class (1 = A .. 6 = F, 7 = G for a
   * Prob-2 probe that probed again) of the hardest technique the probe needed.
   */
  readonly weight?: number;
  /** Set when the deduction relies on the puzzle having a unique solution (UC, or a probe that used UC). */
  readonly usedUniqueness?: boolean;
  /**
   * The colours the reason states as already known ("beside black r2c3"): each holds on the board
   * just before the step (test/rules/soundness.test.ts checks this on every janko puzzle). Numbers
   * are not listed: they never change.
   */
  readonly given?: readonly CellColour[];
  /** For a probe: the steps of the failed trial, from the assumption to the clash, each checkable on the trial board. */
  readonly probe?: ProbeChain;
}

/** A probe's failed trial: its steps in order (the first is the assumption) and the clash that ended it. */
export interface ProbeChain {
  readonly steps: readonly Deduction[];
  readonly clash: string;
}

/** Why a board has no solution. */
export interface Contradiction {
  readonly reason: string;
  readonly cells: readonly number[];
}

/**
 * Where a technique looks. `dir` 'H' restricts the line techniques to rows (the duplicates they
 * reason about lie in a row), 'V' to columns; undefined means everywhere. Techniques that are not
 * about lines ignore it. Used by the sweep count of the difficulty measure.
 */
export interface Scope {
  readonly dir?: 'H' | 'V';
}

/**
 * A deduction whose reason is built on first use: the local techniques run in every probe, where
 * nobody reads the text unless the trial is told in an explanation. `build` may read only what
 * never changes (labels, numbers, line mates) and the values it captured.
 */
export function withReason(d: Omit<Deduction, 'reason'>, build: () => string): Deduction {
  let text: string | undefined;
  return Object.defineProperty(d, 'reason', {
    get: () => {
      text ??= build();
      return text;
    },
    enumerable: true,
  }) as Deduction;
}
