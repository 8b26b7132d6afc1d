/** Terminal drawing of a puzzle with its shading: numbers right-aligned, shaded cells as '#'. */
import type { Puzzle, Shading } from '../puzzle/puzzle.js';

export function renderShading(puzzle: Puzzle, shading: Shading): string {
  const width = Math.max(...puzzle.values.map((v) => String(v).length));
  let out = '';
  for (let r = 0; r < puzzle.rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < puzzle.cols; c++) {
      const i = r * puzzle.cols + c;
      cells.push(shading[i] ? '#'.repeat(width) : String(puzzle.values[i]).padStart(width));
    }
    out += `${cells.join(' ')}\n`;
  }
  return out;
}
