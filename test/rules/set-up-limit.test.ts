/** The rule engine's set-up keeps the time limit on a large grid, and leaves a small grid's limit to the run's own report. */
import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../src/job/errors.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { solveByRules } from '../../src/rules/strategy.js';

const latin = (n: number): Puzzle => ({
  rows: n,
  cols: n,
  values: Array.from({ length: n * n }, (_, i) => 1 + ((Math.floor(i / n) + (i % n)) % n)),
});

describe('the rule engine under a limit already passed', () => {
  it('stops making a 300x300 grid’s shape with a TimeoutError', () => {
    expect(() => solveByRules(latin(300), { deadline: Date.now() - 1 })).toThrow(TimeoutError);
  });

  it('reports a 5x5 grid as stopped by the limit, with no cell decided', () => {
    const result = solveByRules(latin(5), { deadline: Date.now() - 1 });
    expect(result.status).toBe('stuck');
    expect(result.timedOut).toBe(true);
  });
});
