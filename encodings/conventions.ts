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
import { lineMates, matesOf } from '../src/puzzle/geometry.js';
import type { Encoder } from './variables.js';

const encodeUniqueWhite: Encoder = (puzzle, vars, cnf) => {
  const m = lineMates(puzzle);
  for (let i = 0; i < vars.cells; i++) if (matesOf(m, i).length === 0) cnf.add([-vars.shaded(i)]);
};

const encodeShadedDuplicates: Encoder = (puzzle, vars, cnf) => {
  const m = lineMates(puzzle);
  for (let i = 0; i < vars.cells; i++) cnf.add([-vars.shaded(i), ...Array.from(matesOf(m, i), (j) => -vars.shaded(j))]);
};

export const conventionEncoders: Record<Convention, Encoder | null> = {
  literal: null,
  'unique-white': encodeUniqueWhite,
  'shaded-duplicates': encodeShadedDuplicates,
};
