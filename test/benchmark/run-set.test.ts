/** The benchmark's warm-up pool: puzzles of every size of the sets, none of the sets' own, each with a solution. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { warmupPuzzles } from '../../src/benchmark/run-set.js';
import { parseBenchSet } from '../../src/benchmark/sets.js';
import { solveWithEngine } from '../../src/solve/engines.js';

const sample = parseBenchSet(readFileSync(new URL('../fixtures/janko-sample.jsonl', import.meta.url), 'utf8'), 'janko-sample.jsonl');

describe('bench warm-up pool', () => {
  const sizes = new Set(sample.records.map((r) => `${r.puzzle.rows}x${r.puzzle.cols}`));
  const pool = warmupPuzzles([sample], 3 * sizes.size);

  it('takes every size of the sets in turn, and none of the sets own puzzles', () => {
    expect(pool).toHaveLength(3 * sizes.size);
    expect(new Set(pool.map((p) => `${p.rows}x${p.cols}`))).toEqual(sizes);
    const own = new Set(sample.records.map((r) => JSON.stringify(r.puzzle.values)));
    for (const p of pool) expect(own.has(JSON.stringify(p.values))).toBe(false);
  });

  it('is the same in every run', () => {
    expect(warmupPuzzles([sample], 3 * sizes.size)).toEqual(pool);
  });

  it('plants a solution in each puzzle: SAT finds one (unique or several), never none', async () => {
    for (const p of pool) expect(['unique', 'multiple']).toContain((await solveWithEngine(p, { engine: 'sat' })).status);
  });
});
