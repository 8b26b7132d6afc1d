/**
 * The rule engine compares numbers, never their 32-bit images: numbers go up to 2^53 - 1, and
 * renamed to k·2^32 + 1 every number of a grid agrees with every other modulo 2^32. On random
 * grids the engine must take the same steps on such a grid as on its small original (the same
 * techniques on the same cells, with the same outcome), under every rule set.
 */
import { describe, expect, it } from 'vitest';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { solveByRules } from '../../src/rules/strategy.js';
import { type RuleSet, ruleSetNames } from '../../src/rules/types.js';
import { mulberry32, randomGrid, randomInt } from '../support/brute-force.js';

const trace = (puzzle: Puzzle, techniques: RuleSet) => {
  const result = solveByRules(puzzle, { techniques });
  return { status: result.status, steps: result.steps.map((d) => ({ technique: d.technique, cells: d.cells, premises: d.premises })) };
};

describe('the rule engine on numbers past 2^32', () => {
  it('takes the same steps as on the small original grid, under every rule set', () => {
    const rng = mulberry32(4096);
    for (let k = 0; k < 150; k++) {
      const rows = randomInt(rng, 2, 5);
      const cols = randomInt(rng, 2, 5);
      const small = randomGrid(rng, rows, cols, randomInt(rng, 2, Math.max(rows, cols))) as Puzzle;
      const big: Puzzle = { ...small, values: small.values.map((v) => v * 2 ** 32 + 1) };
      for (const techniques of ruleSetNames)
        expect(trace(big, techniques), `${techniques} ${JSON.stringify(small)}`).toEqual(trace(small, techniques));
    }
  });
});
