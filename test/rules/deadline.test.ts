/**
 * RulesOptions.limit: past it the engine stops, reports `stuck` with `timedOut`, and what it
 * deduced before stopping still agrees with the published solution.
 */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import { rate, solveByRules } from '../../src/rules/index.js';
import { readFixtures } from '../support/fixtures.js';
import { TimeoutError } from '../../src/control/errors.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';

const latin = (n: number): Puzzle => ({
  rows: n,
  cols: n,
  values: Array.from({ length: n * n }, (_, i) => 1 + ((Math.floor(i / n) + (i % n)) % n)),
});

const fixtures = readFixtures('janko-sample.jsonl');

describe('solveByRules with a deadline', () => {
  it('stops at once when the deadline has passed: stuck, timed out, nothing deduced', () => {
    const f = fixtures.find((x) => x.id === 'janko-037')!;
    const result = solveByRules(f.puzzle, { limit: Limit.at(Date.now() - 1) });
    expect(result.status).toBe('stuck');
    expect(result.timedOut).toBe(true);
    expect(result.steps).toEqual([]);
    expect(result.board.unknownCount).toBe(f.puzzle.rows * f.puzzle.cols);
  });

  it('stops making a large grid’s shape (over 65,536 cells) with a TimeoutError when the deadline has passed', () => {
    expect(() => solveByRules(latin(300), { limit: Limit.at(Date.now() - 1) })).toThrow(TimeoutError);
  });

  it('changes nothing when the deadline is far away', () => {
    for (const f of fixtures) {
      const free = solveByRules(f.puzzle);
      const bounded = solveByRules(f.puzzle, { limit: Limit.at(Date.now() + 600_000) });
      expect(bounded.status, f.id).toBe(free.status);
      expect(bounded.timedOut, f.id).toBe(false);
      expect(bounded.steps, f.id).toEqual(free.steps);
    }
  });

  it('a run without a deadline is never timed out', () => {
    const f = fixtures.find((x) => x.id === 'janko-211')!;
    expect(solveByRules(f.puzzle).timedOut).toBe(false);
  });

  it('rate passes the deadline on: a solve cut short is unrated', () => {
    const f = fixtures.find((x) => x.id === 'janko-037')!;
    const r = rate(f.puzzle, { limit: Limit.at(Date.now() - 1) });
    expect(r.class).toBeNull();
    expect(r.result.timedOut).toBe(true);
  });
});
