/**
 * `repair`'s report as text and JSON: the minimal change sets, what was proven (the scope, the
 * numbers allowed, the bound reached and what stopped the search), the repaired puzzle.
 */
import type { RepairResult } from '../../repair/repair.js';
import { formatText } from '../../formats/text.js';
import { cellName, shadingToGrid, toGrid, type Puzzle } from '../../puzzle/puzzle.js';
import { renderShading } from '../../render/text.js';

const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;

/** The scope of the proof in words: "over any solution with numbers 1..4" or "keeping the given solution, with numbers 1..4". */
function scopeText(result: RepairResult): string {
  return result.scope === 'any-solution'
    ? `over any solution with numbers 1..${result.values}`
    : `keeping the given solution, with numbers 1..${result.values}`;
}

function changesText(puzzle: Puzzle, changes: RepairResult['repairs'][number]['changes']): string {
  return changes.length === 0 ? 'no change' : changes.map((c) => `${cellName(puzzle, c.cell)}: ${c.from} -> ${c.to}`).join('; ');
}

/** What the search proved before it stopped without a repair ("no repair with 2 or fewer changes ..."). */
function provenText(result: RepairResult): string {
  const k = result.provenBelow;
  if (k === 0) return 'nothing proven yet';
  return `no repair with ${k === 1 ? '0 changes' : `${k - 1} or fewer changes`} ${scopeText(result)} (proven)`;
}

export function repairText(puzzle: Puzzle, result: RepairResult): string {
  const out: string[] = [];
  const [first, ...others] = result.repairs;
  if (first === undefined) {
    if (result.status === 'impossible')
      out.push(
        result.scope === 'any-solution'
          ? `no set of changes makes the puzzle unique ${scopeText(result)} (proven)`
          : `no set of changes makes the given solution the only one, with numbers 1..${result.values} (proven: another solution survives every numbering that keeps it)`,
      );
    else if (result.status === 'beyond-bound') out.push(`${provenText(result)}; search stopped at --max-changes ${result.maxChanges}`);
    else out.push(`${provenText(result)}; search stopped at the time limit`);
    return `${out.join('\n')}\n`;
  }
  const k = first.changes.length;
  if (k === 0)
    return `already unique: no change needed${result.scope === 'keep-solution' ? ', and its solution is the given one' : ''}\n${renderShading(puzzle, first.solution)}`;
  out.push(`${plural(k, 'change')}, the fewest ${scopeText(result)} (proven: no set of fewer changes works)`);
  out.push(`  1. ${changesText(puzzle, first.changes)}`);
  others.forEach((r, j) => {
    out.push(`  ${j + 2}. ${changesText(puzzle, r.changes)}`);
  });
  out.push(
    result.complete
      ? `${result.repairs.length === 1 ? 'the only cells' : `every set of cells (${result.repairs.length})`} where ${plural(k, 'change')} can do it`
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
    scope: result.scope,
    values: result.values,
    rows: puzzle.rows,
    cols: puzzle.cols,
    id: puzzle.id ?? null,
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
