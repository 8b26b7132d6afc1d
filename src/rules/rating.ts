/**
 * Difficulty: the class A..G of the thesis's Table 5 and its step measure.
 *
 * The class is the level of the hardest technique the engine needed. Because the engine always
 * tries the cheapest techniques first and every technique only gains from a fuller board, this is
 * the lowest level whose techniques solve the puzzle. The step measure depends on the class:
 * - A: none (the puzzle is a Latin square: UC alone solves it).
 * - B, C, E: sweeps. A sweep applies every technique up to the class once, with the line
 *   techniques looking only at rows (an H-sweep) or only at columns (a V-sweep); sweeps
 *   alternate H, V, H, ... The count is the last sweep that changed the board; the measure is the
 *   mean of the counts starting with H and starting with V (so it can end in .5).
 * - D: the number of cells the corner rules (CP, DoT) coloured.
 * - F: the sum, over the connectivity deductions, of the white cells the opposite colour would
 *   have cut off (1 for NCO-C, NCO-B and the EP rules; the size of the smaller side for NCO).
 * - G: the thesis probes every cell ("the number is determined by probing every cell and then
 *   considering the highest class methods that are used after that"): the mean, over every probe
 *   tried, successful or not, of the class (A = 1 .. F = 6) of the hardest technique its trials
 *   used (7 when a Prob-2 trial probed again). A probe is a cell tried black, then white unless
 *   black failed.
 * Knock-on effects (NoB, DoW) are free everywhere, as the thesis treats them.
 */
import type { Limit } from '../control/limit.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import { Board } from './board.js';
import { levelIndex, levelInfo, levelOf, type Context, type RuleSet, type Technique } from './catalogue.js';
import { selectTechniques, solveByRules, type RulesOptions, type RulesResult, type RulesStatus } from './strategy.js';
import type { Level, TechniqueCode } from './types.js';

export interface RatingOptions {
  /** `thesis` (default): the rule-based solver of the thesis; `two-sat`: the 2-SAT line solver instead of the Sim-* rules; `all`: both. */
  readonly ruleSet?: RuleSet;
  /** Use UC (default true, as the thesis does). */
  readonly assumeUnique?: boolean;
  /** Bounds the solve (see RulesOptions); a solve cut short is unrated (`result.timedOut`). */
  readonly limit?: Limit;
  /** See RulesOptions. */
  readonly onProgress?: RulesOptions['onProgress'];
}

export interface RuleRating {
  /** The class, or null when the rules cannot solve the puzzle (stuck) or it has no solution. */
  readonly class: Level | null;
  /** The class's name in Table 5 ("pretty easy" ...), or "unsolved". */
  readonly name: string;
  /** The class's step measure (see above); 0 for A and for an unrated puzzle. */
  readonly steps: number;
  readonly status: RulesStatus;
  readonly usedUniqueness: boolean;
  readonly unique: boolean | null;
  /** How many cells each technique changed, knock-on effects included. */
  readonly techniques: Readonly<Partial<Record<TechniqueCode, number>>>;
  readonly result: RulesResult;
  readonly timeMs: number;
}

export function rate(puzzle: Puzzle, options: RatingOptions = {}): RuleRating {
  const t0 = performance.now();
  const solveOptions: RulesOptions = {
    techniques: options.ruleSet ?? 'thesis',
    assumeUnique: options.assumeUnique ?? true,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  };
  const result = solveByRules(puzzle, solveOptions);
  const used: Partial<Record<TechniqueCode, number>> = {};
  for (const d of result.steps) used[d.technique] = (used[d.technique] ?? 0) + d.cells.length;
  const cls = result.status === 'solved' ? (result.hardest ?? 'A') : null;
  let steps = 0;
  if (cls !== null) {
    const at = (level: Level) =>
      result.steps.filter((d) => d.technique !== 'NoB' && d.technique !== 'DoW' && levelOf(d.technique) === level);
    switch (cls) {
      case 'A':
        steps = 0;
        break;
      case 'B':
      case 'C':
      case 'E': {
        const specs = selectTechniques({ ...solveOptions, maxLevel: cls });
        steps = (countSweeps(puzzle, specs, 'H') + countSweeps(puzzle, specs, 'V')) / 2;
        break;
      }
      case 'D':
        steps = at('D').reduce((sum, d) => sum + d.cells.length, 0);
        break;
      case 'F':
        steps = at('F').reduce((sum, d) => sum + (d.weight ?? 1), 0);
        break;
      case 'G': {
        const tried = result.probesTried ?? 0;
        steps = tried === 0 ? 0 : (result.probeClassSum ?? 0) / tried;
        break;
      }
    }
  }
  return {
    class: cls,
    name: cls === null ? 'unsolved' : levelInfo[cls].name,
    steps,
    status: result.status,
    usedUniqueness: result.usedUniqueness,
    unique: result.unique,
    techniques: used,
    result,
    timeMs: performance.now() - t0,
  };
}

/**
 * The number of the last sweep that changed the board, sweeps alternating between rows and
 * columns from `first`; stops after two idle sweeps in a row or when the board is finished.
 */
function countSweeps(puzzle: Puzzle, specs: readonly Technique[], first: 'H' | 'V'): number {
  const board = new Board(puzzle);
  const done = { H: new Set<TechniqueCode>(), V: new Set<TechniqueCode>() };
  let dir = first;
  let sweep = 0;
  let last = 0;
  let idle = 0;
  while (board.contradiction === null && board.unknownCount > 0 && idle < 2) {
    sweep++;
    const ctx: Context = { scope: { dir }, cursor: { next: 0 } };
    let progress = false;
    for (const t of specs) {
      if (t.byBoard || levelIndex(t.level) >= levelIndex('G')) continue;
      if (t.static && done[dir].has(t.code)) continue;
      const found = t.find(board, ctx);
      if (t.static) done[dir].add(t.code);
      for (const d of found) {
        const before = board.unknownCount;
        if (!board.apply(d)) break;
        if (board.unknownCount !== before) progress = true;
      }
      if (board.contradiction || !board.checkConnectivity()) break;
    }
    if (progress) {
      last = sweep;
      idle = 0;
    } else {
      idle++;
    }
    dir = dir === 'H' ? 'V' : 'H';
  }
  return last;
}
