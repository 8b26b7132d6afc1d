/**
 * The extra rule of each convention (see src/puzzle/convention.ts); `literal` adds none.
 *
 * unique-white: a cell whose value occurs once in its row and once in its column stays unshaded:
 *     ¬s_i                                   for each such cell i
 * shaded-duplicates: a shaded cell repeats the value of an unshaded cell of its row or column.
 * With M(i) the other cells of i's row and column holding i's value:
 *     ¬s_i ∨ ⋁_{j ∈ M(i)} ¬s_j               (the unit ¬s_i when M(i) is empty)
 */
import type { Convention } from '../src/puzzle/convention.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import type { Encoder } from './variables.js';

/** The cells of i's row and column, other than i, that hold i's value. */
export function lineMates(puzzle: Puzzle, i: number): number[] {
  const { rows, cols, values } = puzzle;
  const r = Math.floor(i / cols);
  const c = i - r * cols;
  const out: number[] = [];
  for (let k = 0; k < cols; k++) if (k !== c && values[r * cols + k] === values[i]) out.push(r * cols + k);
  for (let k = 0; k < rows; k++) if (k !== r && values[k * cols + c] === values[i]) out.push(k * cols + c);
  return out;
}

export const encodeUniqueWhite: Encoder = (puzzle, vars, cnf) => {
  for (let i = 0; i < vars.cells; i++) if (lineMates(puzzle, i).length === 0) cnf.add([-vars.shaded(i)]);
};

export const encodeShadedDuplicates: Encoder = (puzzle, vars, cnf) => {
  for (let i = 0; i < vars.cells; i++) cnf.add([-vars.shaded(i), ...lineMates(puzzle, i).map((j) => -vars.shaded(j))]);
};

export const conventionEncoders: Record<Convention, Encoder | null> = {
  literal: null,
  'unique-white': encodeUniqueWhite,
  'shaded-duplicates': encodeShadedDuplicates,
};
