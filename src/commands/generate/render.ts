/** Generated puzzles as text, as JSON Lines records (the bench/sets shape) or one JSON document. */
import { formatText } from '../../formats/text.js';
import type { GeneratedPuzzle } from '../../generate/generate.js';
import { shadingToGrid, toGrid } from '../../puzzle/puzzle.js';

/** The bench/sets record: id, rows, cols, grid, solution (1 shaded), class, seed. */
export function generatedRecord(p: GeneratedPuzzle): object {
  const { puzzle } = p;
  return {
    id: puzzle.id,
    rows: puzzle.rows,
    cols: puzzle.cols,
    grid: toGrid(puzzle, [...puzzle.values]),
    solution: shadingToGrid(puzzle, p.solution),
    class: p.class,
    seed: p.seed,
  };
}

/** A header line (id, size, class, seed), the grid, a blank line. */
export function generatedText(p: GeneratedPuzzle): string {
  const { puzzle } = p;
  return `${puzzle.id}  ${puzzle.rows}x${puzzle.cols}  class ${p.class ?? 'unsolved by rules'}  seed ${p.seed}\n${formatText(puzzle)}\n`;
}
