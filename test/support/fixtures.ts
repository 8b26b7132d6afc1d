/** Reads the JSON Lines fixtures of test/fixtures (never anything outside the repository). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Puzzle } from '../../src/puzzle/puzzle.js';

export interface FixtureRecord {
  readonly puzzle: Puzzle;
  readonly id: string;
  /** What the source set says: 0, 1 or 2 (two or more). */
  readonly solutions: number;
  /** The published solution as booleans (true = shaded), when unique. */
  readonly solution: boolean[] | null;
}

function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

export function readFixtures(name: string): FixtureRecord[] {
  return readFileSync(fixturePath(name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const d = JSON.parse(line) as {
        id: string;
        rows: number;
        cols: number;
        grid: number[][];
        solutions: number;
        solution: number[][] | null;
      };
      if (d.grid.length !== d.rows || d.grid.some((row) => row.length !== d.cols))
        throw new Error(`${d.id}: grid does not match ${d.rows}x${d.cols}`);
      const puzzle: Puzzle = { rows: d.rows, cols: d.cols, values: d.grid.flat(), id: d.id };
      const solution = d.solution ? d.solution.flat().map((v) => v === 1) : null;
      return { puzzle, id: d.id, solutions: d.solutions, solution };
    });
}
