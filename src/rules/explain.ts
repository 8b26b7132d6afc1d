/**
 * A solve told in lines: one per step, then the verdict; and the policy of what an explanation
 * may show (`explainPuzzle`).
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import { type RulesOptions, type RulesResult, solveByRules } from './strategy.js';
import type { Deduction } from './types.js';

/** The rule engine's progress line (see RulesOptions.onProgress): cells decided, time so far. */
export function rulesProgress(undecided: number, cells: number, startedAt: number): string {
  return `rules: ${cells - undecided} of ${cells} cells decided, ${((performance.now() - startedAt) / 1000).toFixed(0)} s`;
}

/** A solve by the rules, as an explanation reports it. */
export interface ExplainRun {
  readonly result: RulesResult;
  /** Whether the run reported used the techniques that assume a unique solution (UC). */
  readonly assumedUnique: boolean;
  /**
   * True when a run with UC filled the grid but the puzzle has more than one solution, so the
   * run reported is the one without UC (its steps hold in every solution).
   */
  readonly uniquenessDropped: boolean;
  /** The time limit in ms, when one was given. */
  readonly timeoutMs?: number;
}

export interface ExplainRunOptions extends Pick<RulesOptions, 'techniques' | 'maxLevel' | 'assumeUnique' | 'onProgress' | 'limit'> {
  /** The time limit in ms as given, for the report (`limit` is what bounds both runs). */
  readonly timeoutMs?: number;
}

/**
 * Runs the rule engine for an explanation. When the techniques that assume a unique solution
 * fill the grid but the puzzle has a second solution, their steps are not consequences of the
 * rules: the solve is then run again without them, so that every step shown holds in every
 * solution.
 */
export function explainPuzzle(puzzle: Puzzle, options: ExplainRunOptions = {}): ExplainRun {
  const { timeoutMs } = options;
  const base: RulesOptions = {
    ...(options.techniques === undefined ? {} : { techniques: options.techniques }),
    ...(options.maxLevel === undefined ? {} : { maxLevel: options.maxLevel }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  };
  const timeout = timeoutMs === undefined ? {} : { timeoutMs };
  const assumeUnique = options.assumeUnique !== false;
  const first = solveByRules(puzzle, { ...base, assumeUnique });
  if (!(first.status === 'solved' && first.unique === false))
    return { result: first, assumedUnique: assumeUnique, uniquenessDropped: false, ...timeout };
  const strict = solveByRules(puzzle, { ...base, assumeUnique: false });
  return { result: strict, assumedUnique: false, uniquenessDropped: true, ...timeout };
}

/** "Sim-U3, row 4: 7 7 7 at c3-c5, so c3 and c5 black, c4 white" */
export function explainStep(d: Deduction): string {
  const flag = d.usedUniqueness ? ' [assumes a unique solution]' : '';
  return `${d.technique}${d.reason.startsWith('row ') || d.reason.startsWith('column ') ? ', ' : ': '}${d.reason}${flag}`;
}

/**
 * A step as lines: the step itself, then for a probe its failed trial indented under it, one
 * line per inner step (nested probes indented further), ending in the clash, so that every line
 * can be checked against the trial board as it stands at that line.
 */
export function explainStepLines(d: Deduction, indent = '    '): string[] {
  const out = [explainStep(d)];
  if (d.probe) {
    for (const inner of d.probe.steps) out.push(...explainStepLines(inner, indent).map((line) => `${indent}${line}`));
    out.push(`${indent}clash: ${d.probe.clash}`);
  }
  return out;
}

/** The numbered steps, probe trials indented under their step. */
export function numberedSteps(steps: readonly Deduction[]): string[] {
  return steps.flatMap((d, k) => {
    const [first, ...rest] = explainStepLines(d);
    return [`${k + 1}. ${first}`, ...rest];
  });
}

export function verdict(result: RulesResult): string {
  switch (result.status) {
    case 'solved': {
      const how = result.hardest === null ? '' : ` (hardest technique class ${result.hardest})`;
      if (!result.usedUniqueness) return `Solved${how}; every step is a consequence of the rules, so this is the only solution.`;
      return result.unique
        ? `Solved${how}; some steps assumed a unique solution, and no white cell could be shaded as well, so this is the only solution.`
        : `Solved${how} assuming a unique solution, but a white cell could be shaded as well: the puzzle has more than one solution.`;
    }
    case 'stuck':
      return `Stuck: ${result.board.unknownCount} cell(s) left unknown; no technique makes progress.`;
    case 'contradiction':
      return `No solution: ${result.contradiction?.reason ?? 'contradiction'}.`;
  }
}
