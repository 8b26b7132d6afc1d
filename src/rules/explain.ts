/** A solve told in lines: one per step, then the verdict. */
import type { RulesResult } from './strategy.js';
import type { Deduction } from './types.js';

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

export function explainLines(result: RulesResult): string[] {
  const out = numberedSteps(result.steps);
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
