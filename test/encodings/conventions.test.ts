/** The extra rule of each convention. */
import { describe, expect, it } from 'vitest';
import { encodeHitori } from '../../encodings/index.js';
import { conventionEncoders } from '../../encodings/conventions.js';
import { HitoriVars, type Encoder } from '../../encodings/variables.js';
import { conventions } from '../../src/puzzle/convention.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { Cnf } from '../../src/sat/cnf.js';
import { bruteForceMasks, gridOf, mulberry32, randomGrid, randomInt, type Grid } from '../support/brute-force.js';
import { gridsFor, inProcessBackends, projectedModels } from '../support/models.js';

function clausesOf(encoder: Encoder, grid: Grid): string[] {
  const puzzle = grid as Puzzle;
  const vars = new HitoriVars(puzzle);
  const cnf = new Cnf();
  encoder(puzzle, vars, cnf);
  return Array.from({ length: cnf.numClauses }, (_, k) => cnf.clause(k).join(' '));
}

// The encoders as the encoding uses them: one per convention.
const encodeUniqueWhite = conventionEncoders['unique-white']!;
const encodeShadedDuplicates = conventionEncoders['shaded-duplicates']!;

// 1 2 1
// 3 4 2
// 1 5 6
const sample = gridOf([
  [1, 2, 1],
  [3, 4, 2],
  [1, 5, 6],
]);

describe('conventions', () => {
  it('unique-white keeps unshaded exactly the cells whose value is unique in row and column: units ¬s', () => {
    // Cells 0, 2, 6 (the 1s) have mates; 1 (2), 3, 4, 5 (2), 7, 8 do not.
    expect(clausesOf(encodeUniqueWhite, sample)).toEqual(['-2', '-4', '-5', '-6', '-8', '-9']);
  });

  it('shaded-duplicates: a shaded cell needs an unshaded twin in its lines (unit ¬s when it has none)', () => {
    const clauses = clausesOf(encodeShadedDuplicates, sample);
    expect(clauses).toContain('-1 -3 -7');
    expect(clauses).toContain('-3 -1');
    expect(clauses).toContain('-7 -1');
    expect(clauses).toContain('-5');
    expect(clauses).toHaveLength(9);
  });

  it("literal adds no clause to the rules: same CNF size as connectivity 'none' plus nothing", () => {
    const plain = encodeHitori(sample as Puzzle, { connectivity: 'none' }).cnf.numClauses;
    expect(encodeHitori(sample as Puzzle, { connectivity: 'none', convention: 'literal' }).cnf.numClauses).toBe(plain);
  });

  const rng = mulberry32(4242);
  const grids: Grid[] = [];
  for (const [rows, cols] of [
    [1, 4],
    [4, 1],
    [2, 2],
    [2, 3],
    [3, 3],
    [3, 4],
    [4, 4],
  ] as const) {
    for (let k = 0; k < 6; k++) grids.push(randomGrid(rng, rows, cols, randomInt(rng, 2, Math.max(2, Math.max(rows, cols)))));
  }
  for (const backend of inProcessBackends) {
    for (const convention of conventions) {
      it(`with rules 1 and 2 (connectivity 'none') has exactly the shadings obeying rules 1, 2 and ${convention} (${backend})`, async () => {
        const rules = { noRepeat: true, noAdjacentShaded: true, connected: false, convention } as const;
        // MiniSat gets the first grid of each size and verdict (gridsFor, support/models.ts).
        for (const grid of gridsFor(backend, grids, (g) => bruteForceMasks(g, rules).length)) {
          const { cnf, vars } = encodeHitori(grid as Puzzle, { connectivity: 'none', convention });
          expect(await projectedModels(cnf, vars.cells, backend), `${grid.rows}x${grid.cols} [${grid.values.join(' ')}]`).toEqual(
            bruteForceMasks(grid, rules),
          );
        }
      });
    }
  }
});
