/**
 * Deduction first (engine `hybrid`) against pure SAT (engine `sat`): the same verdict and the
 * same solutions on random grids of every size from 1x1 to 6x6 under every convention, and the
 * same verdict on every bundled puzzle (examples/, the test fixtures; of every benchmark set the
 * first puzzles and those the deductions leave to SAT), with the published solution where there
 * is one. SAT is the independent side here: it never sees a deduction.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseBenchSet } from '../../src/benchmark/sets.js';
import { parseDocument } from '../../src/formats/detect.js';
import { checkShading } from '../../src/puzzle/check.js';
import { conventions } from '../../src/puzzle/convention.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { DeductionCore } from '../../src/rules/core.js';
import { solveWithEngine } from '../../src/solve/engines.js';
import { mulberry32, randomGrid, randomInt } from '../support/brute-force.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const key = (shadings: readonly (readonly boolean[])[]) => shadings.map((s) => s.map((b) => (b ? 1 : 0)).join('')).sort();

describe('deduction first against pure SAT', () => {
  it('same verdict and solutions on 600 random grids from 1x1 to 6x6, under every convention', async () => {
    const rng = mulberry32(909);
    let byDeduction = 0;
    for (let k = 0; k < 600; k++) {
      const rows = randomInt(rng, 1, 6);
      const cols = randomInt(rng, 1, 6);
      const puzzle = randomGrid(rng, rows, cols, randomInt(rng, 1, Math.max(rows, cols))) as Puzzle;
      for (const convention of conventions) {
        const options = { convention, maxSolutions: 20 } as const;
        const [first, sat] = await Promise.all([
          solveWithEngine(puzzle, { ...options, engine: 'hybrid' }),
          solveWithEngine(puzzle, { ...options, engine: 'sat' }),
        ]);
        const where = `${convention} ${JSON.stringify(puzzle)}`;
        expect(first.status, where).toBe(sat.status);
        expect(first.complete, where).toBe(sat.complete);
        if (sat.complete) expect(key(first.solutions), where).toEqual(key(sat.solutions));
        for (const s of first.solutions) expect(checkShading(puzzle, s, convention), where).toEqual([]);
        if (first.proof === 'deduction') byDeduction++;
        expect(sat.proof).toBe('sat');
      }
    }
    // Both kinds of proof are exercised.
    expect(byDeduction).toBeGreaterThan(100);
  });

  const files = [
    ...readdirSync(join(root, 'examples'))
      .filter((f) => /\.(txt|json)$/.test(f))
      .map((f) => join(root, 'examples', f)),
    ...readdirSync(join(root, 'test/cli/fixtures'))
      .filter((f) => /^janko-\d+\.(txt|json)$/.test(f))
      .map((f) => join(root, 'test/cli/fixtures', f)),
  ];
  it.each(files.map((f) => [f.slice(root.length), f] as const))('%s: same verdict and solution', async (_name, file) => {
    const { puzzle } = parseDocument(readFileSync(file, 'utf8'), { id: file });
    const [first, sat] = await Promise.all([solveWithEngine(puzzle, { engine: 'hybrid' }), solveWithEngine(puzzle, { engine: 'sat' })]);
    expect(first.status).toBe(sat.status);
    expect(key(first.solutions)).toEqual(key(sat.solutions));
  });

  const sets = readdirSync(join(root, 'bench/sets'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  // A record's published solution is its unique one (parseBenchSet refuses a count other than 1),
  // the truth for the hybrid verdict on every puzzle. SAT, which took five times the hybrid's CPU
  // on these sets (5.2 s against 1.1 s for their 8,844 puzzles), is the truth on the first
  // `satEach` puzzles of each set, on every puzzle without a published solution, and on every one
  // that the hybrid engine finished with SAT (its deductions then in the SAT engine's CNF).
  const satEach = 10;
  it.each(sets)('bench/sets/%s: the published solution and verdict on every puzzle, the same as SAT where checked', async (name) => {
    const set = parseBenchSet(readFileSync(join(root, 'bench/sets', name), 'utf8'), name);
    // The differences, named, asserted once per set: an expect per puzzle and check (26,000 in
    // all) took more CPU than the set's hybrid solves.
    const differences: string[] = [];
    const same = (id: string, what: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(`${id}: ${what} ${JSON.stringify(a)}, not ${JSON.stringify(b)}`);
    };
    for (const [k, { puzzle, id, expected }] of set.records.entries()) {
      const first = await solveWithEngine(puzzle, { engine: 'hybrid' });
      if (expected.kind === 'solution') {
        same(id, 'status (published)', first.status, 'unique');
        same(id, 'solutions (published)', key(first.solutions), key([expected.shading]));
      }
      if (expected.kind === 'verdict') same(id, 'status (published)', first.status, expected.verdict);
      if (k < satEach || expected.kind !== 'solution' || first.proof !== 'deduction') {
        const sat = await solveWithEngine(puzzle, { engine: 'sat' });
        same(id, 'status (SAT)', first.status, sat.status);
        if (first.status === 'unique') same(id, 'solutions (SAT)', key(first.solutions), key(sat.solutions));
      }
    }
    expect(differences).toEqual([]);
  });

  // Numbers go up to 2^53 - 1. Renamed to k·2^32 + 1 they all agree modulo 2^32, so a rule that
  // compared them as 32-bit integers would take every pair for equal (it once did: "no solution"
  // for a Latin square).
  it('same verdict and solutions with numbers past 2^32 that agree modulo 2^32, as with their small originals', async () => {
    const rng = mulberry32(2032);
    for (let k = 0; k < 150; k++) {
      const rows = randomInt(rng, 1, 5);
      const cols = randomInt(rng, 1, 5);
      const small = randomGrid(rng, rows, cols, randomInt(rng, 1, Math.max(rows, cols))) as Puzzle;
      const big: Puzzle = { ...small, values: small.values.map((v) => v * 2 ** 32 + 1) };
      const options = { maxSolutions: 20 } as const;
      const [first, sat] = await Promise.all([
        solveWithEngine(big, { ...options, engine: 'hybrid' }),
        solveWithEngine(small, { ...options, engine: 'sat' }),
      ]);
      const where = JSON.stringify(small);
      expect(first.status, where).toBe(sat.status);
      if (sat.complete) expect(key(first.solutions), where).toEqual(key(sat.solutions));
    }
  });

  // The core leaves rule 3 on a finished board to the checker (checkConnected: false): every cell
  // of this grid is forced, and the only candidate splits its white cells.
  it('a finished board whose white cells are split: none, proven by deduction, as SAT says', async () => {
    const puzzle: Puzzle = { rows: 4, cols: 3, values: [2, 2, 1, 3, 1, 3, 1, 3, 3, 2, 3, 2] };
    const unchecked = new DeductionCore(puzzle);
    expect(unchecked.run({ checkConnected: false }).status).toBe('solved');
    expect(checkShading(puzzle, unchecked.shading()).map((v) => v.rule)).toEqual(['disconnected']);
    expect(new DeductionCore(puzzle).run().status).toBe('contradiction');
    const [first, sat] = await Promise.all([solveWithEngine(puzzle, { engine: 'hybrid' }), solveWithEngine(puzzle, { engine: 'sat' })]);
    expect(sat.status).toBe('none');
    expect(first).toMatchObject({ status: 'none', proof: 'deduction', solutions: [], rules: { status: 'contradiction' } });
  });
});
