/** A solve told in lines: one per step, then the verdict. */
import type { RulesResult } from './strategy.js';
import type { Deduction } from './types.js';

/** "Sim-U3, row 4: 7 7 7 at c3-c5, so c3 and c5 black, c4 white" */
export function explainStep(d: Deduction): string {
  const flag = d.usedUniqueness ? ' [assumes a unique solution]' : '';
  return `${d.technique}${d.reason.startsWith('row ') || d.reason.startsWith('column ') ? ', ' : ': '}${d.reason}${flag}`;
}

export function explainLines(result: RulesResult): string[] {
  const out = result.steps.map((d, k) => `${k + 1}. ${explainStep(d)}`);
  out.push(verdict(result));
  return out;
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
