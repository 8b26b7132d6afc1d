/** Terminal drawing of a puzzle with its shading: numbers right-aligned, shaded cells as '#'. */
import { geometryOf } from '../puzzle/geometry.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';

/**
 * The one grid renderer for text: shaded cells as '#', unshaded ones as their number. A partly
 * solved grid (`null` for an undecided cell, as the rule engine leaves it) shows undecided
 * numbers in brackets ("[7]"), so the grid can be read on from where the solver stopped.
 */
export function renderShading(puzzle: Puzzle, cells: Shading | readonly (boolean | null)[]): string {
  const open = cells.some((s) => s === null);
  // A loop, not Math.max(...values): a spread of a million values overflows the call stack.
  let widest = 1;
  for (const v of puzzle.values) widest = Math.max(widest, String(v).length);
  const width = widest + (open ? 2 : 0);
  let out = '';
  const g = geometryOf(puzzle);
  for (let r = 0; r < g.rows; r++) {
    const row: string[] = [];
    for (const i of g.lines[r]!) {
      const v = String(puzzle.values[i]);
      const cell = cells[i] === true ? '#'.repeat(width) : cells[i] === null ? `[${v}]` : open ? ` ${v} ` : v;
      row.push(cell.padStart(width));
    }
    out += `${row.join(' ')}\n`;
  }
  return out;
}

/** A plain-text table, columns padded to their widest cell, right-aligned where `right[k]`. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[], right: readonly boolean[]): string[] {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((row) => row[k]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, k) => (right[k] ? c.padStart(widths[k]!) : c.padEnd(widths[k]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
