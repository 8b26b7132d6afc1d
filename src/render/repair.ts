/** `repair`'s report as text and JSON: the minimal change sets, the proof's bound, the repaired puzzle. */
import type { RepairResult } from '../generate/repair.js';
import { formatText } from '../formats/text.js';
import { cellName, shadingToGrid, toGrid, type Puzzle } from '../puzzle/puzzle.js';
import { renderShading } from './text.js';

const keptText = { given: 'the given solution', 'first-solution': "the puzzle's first solution", any: 'any shading' } as const;

function changesText(puzzle: Puzzle, changes: RepairResult['repairs'][number]['changes']): string {
  return changes.length === 0 ? 'no change' : changes.map((c) => `${cellName(puzzle, c.cell)}: ${c.from} -> ${c.to}`).join('; ');
}

export function repairText(puzzle: Puzzle, result: RepairResult): string {
  const out: string[] = [];
  const kept = keptText[result.kept];
  const [first, ...others] = result.repairs;
  if (first === undefined) {
    if (result.status === 'impossible')
      out.push(
        `no number changes can make ${kept} the only one: another solution survives every numbering that keeps it (no two of its unshaded cells in a line can be made equal)`,
      );
    else if (result.status === 'beyond-bound')
      out.push(
        `no set of at most ${result.maxChanges} changes makes the puzzle unique keeping ${kept} (proven); try a larger --max-changes`,
      );
    else
      out.push(
        `time limit: no set of fewer than ${result.provenBelow} changes makes the puzzle unique keeping ${kept} (proven); none found with ${result.provenBelow}`,
      );
    return `${out.join('\n')}\n`;
  }
  const k = first.changes.length;
  if (k === 0) return `already unique: no change needed\n${renderShading(puzzle, first.solution)}`;
  out.push(
    `${k} change${k === 1 ? '' : 's'} make${k === 1 ? 's' : ''} the puzzle unique, keeping ${kept}; proven minimal (no set of fewer changes works)`,
  );
  out.push(`  1. ${changesText(puzzle, first.changes)}`);
  others.forEach((r, j) => {
    out.push(`  ${j + 2}. ${changesText(puzzle, r.changes)}`);
  });
  out.push(
    result.complete
      ? `${result.repairs.length === 1 ? 'the only cells' : `every set of cells (${result.repairs.length})`} where ${k} change${k === 1 ? '' : 's'} can do it`
      : 'other cells may do it too (--alternatives N lists more)',
  );
  out.push(
    '',
    'the repaired puzzle (set 1):',
    formatText(first.puzzle).trimEnd(),
    '',
    'its one solution:',
    renderShading(first.puzzle, first.solution).trimEnd(),
  );
  return `${out.join('\n')}\n`;
}

export function repairJson(puzzle: Puzzle, result: RepairResult) {
  return {
    status: result.status,
    rows: puzzle.rows,
    cols: puzzle.cols,
    id: puzzle.id ?? null,
    kept: result.kept,
    solution: result.solution === null ? null : shadingToGrid(puzzle, result.solution),
    fewest: result.fewest,
    provenBelow: result.provenBelow,
    maxChanges: result.maxChanges,
    complete: result.complete,
    symbols: result.symbols,
    repairs: result.repairs.map((r) => ({
      changes: r.changes.map((c) => ({
        row: Math.floor(c.cell / puzzle.cols) + 1,
        column: (c.cell % puzzle.cols) + 1,
        from: c.from,
        to: c.to,
      })),
      grid: toGrid(r.puzzle, [...r.puzzle.values]),
      solution: shadingToGrid(r.puzzle, r.solution),
    })),
    counterexamples: result.counterexamples,
    timeMs: Math.round(result.timeMs * 10) / 10,
  };
}
