/** The formula as it is built (src/solve/formula.ts): its deadline holds in every part of it. */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../src/control/errors.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { HitoriFormula } from '../../src/solve/formula.js';

describe('HitoriFormula', () => {
  it('stops stating rule 1 for given numbers with a TimeoutError once its limit has passed', async () => {
    const rows = 20;
    const cols = 20;
    // Every cell the same number: each pair of cells in a line is a clause, 7,600 in all.
    const values = Array.from({ length: rows * cols }, () => 1);
    const board: Puzzle = { rows, cols, values };
    const formula = new HitoriFormula(board, { rules: 'shading', limit: Limit.after(500) });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(() => formula.numberRules(values)).toThrow(TimeoutError);
    // Without a deadline the same clauses are all stated.
    const free = new HitoriFormula(board, { rules: 'shading' });
    const before = free.take().numClauses;
    free.numberRules(values);
    expect(free.take().numClauses - before).toBe(2 * rows * ((cols * (cols - 1)) / 2));
  });
});
