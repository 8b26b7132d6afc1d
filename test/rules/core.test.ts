/**
 * The deduction core (src/rules/core.ts) against brute force and published solutions: every
 * cell it decides has that colour in every solution, a contradiction means there is none, and a
 * finished board is the one solution.
 */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { BLACK, UNKNOWN } from '../../src/rules/board.js';
import { DeductionCore, describeStep } from '../../src/rules/core.js';
import { geometryOf, numberKeys } from '../../src/puzzle/geometry.js';
import { Why } from '../../src/rules/kernel.js';
import { pairAt, pairMateAt, sandwichAt } from '../../src/rules/simple.js';
import { bruteForceSolutions, mulberry32, randomGrid, randomInt } from '../support/brute-force.js';
import { readFixtures } from '../support/fixtures.js';
import { expectSame } from '../support/expect-same.js';

const janko = readFixtures('janko-sample.jsonl');
const menneske = readFixtures('menneske-sample.jsonl');

describe('deduction core', () => {
  it('decides only what every solution agrees on, on 3000 random grids up to 4x4', () => {
    const rng = mulberry32(2026);
    let solved = 0;
    let contradictions = 0;
    for (let k = 0; k < 3000; k++) {
      const puzzle = randomGrid(rng, randomInt(rng, 1, 4), randomInt(rng, 1, 4), randomInt(rng, 1, 4)) as Puzzle;
      const truth = bruteForceSolutions(puzzle, 'literal');
      const core = new DeductionCore(puzzle);
      const result = core.run();
      const where = JSON.stringify(puzzle);
      if (result.status === 'contradiction') {
        contradictions++;
        expect(truth, where).toEqual([]);
        continue;
      }
      for (const mask of truth) {
        for (let i = 0; i < core.n; i++) {
          if (core.state[i] === UNKNOWN) continue;
          expectSame(core.state[i] === BLACK, ((mask >>> i) & 1) === 1, () => `${where} cell ${i}`);
        }
      }
      if (result.status === 'solved') {
        solved++;
        expect(truth, where).toHaveLength(1);
      }
    }
    // The grids are varied enough to exercise every outcome.
    expect(solved).toBeGreaterThan(100);
    expect(contradictions).toBeGreaterThan(100);
  });

  it.each([...janko, ...menneske].filter((f) => f.solution !== null).map((f) => [f.id, f] as const))(
    '%s: every decided cell has its published colour',
    (_id, f) => {
      const core = new DeductionCore(f.puzzle);
      const result = core.run();
      expect(result.status).not.toBe('contradiction');
      core.cells().forEach((cell, i) => {
        if (cell !== null) expectSame(cell, f.solution![i]);
      });
    },
  );

  it('finishes the published janko sample by deduction alone and explains each step on demand', () => {
    let finished = 0;
    for (const f of janko) {
      const core = new DeductionCore(f.puzzle);
      if (core.run().status !== 'solved') continue;
      finished++;
      expect(core.shading()).toEqual(f.solution);
      const steps = Array.from({ length: core.size }, (_, t) => describeStep(core, core.trail[t]!));
      expect(steps.filter((step) => !/^r\d+c\d+ (black|white) \(/.test(step))).toEqual([]);
    }
    expect(finished).toBeGreaterThan(janko.length / 2);
  });

  it("decides first, in order, exactly the cells of simple.ts's Sim-M3 and Sim-U* patterns, on 2000 random grids", () => {
    const rng = mulberry32(4242);
    for (let t = 0; t < 2000; t++) {
      const rows = randomInt(rng, 1, 7);
      const cols = randomInt(rng, 1, 7);
      const puzzle = randomGrid(rng, rows, cols, randomInt(rng, 1, 4)) as Puzzle;
      // The patterns one by one through simple.ts, as the core's scan decides them: a cell once, a
      // cell asked for in the other colour a contradiction.
      const keys = numberKeys(puzzle.values).key;
      const colour = new Map<number, number>();
      const expected: [number, number][] = [];
      let broken = false;
      const decide = (cell: number, c: number, why: number) => {
        if (broken) return;
        const had = colour.get(cell);
        if (had === undefined) {
          colour.set(cell, c);
          expected.push([cell, why]);
        } else if (had !== c) broken = true;
      };
      for (const line of geometryOf(puzzle).lines)
        for (let k = 0; k + 1 < line.length; k++) {
          if (sandwichAt(keys, line, k)) decide(line[k + 1]!, 1, Why.SimM3);
          if (pairAt(keys, line, k))
            for (let m = 0; m < line.length; m++) if (pairMateAt(keys, line, k, m)) decide(line[m]!, 2, Why.SimUStar);
        }
      const core = new DeductionCore(puzzle);
      const ok = core.patterns();
      const where = JSON.stringify(puzzle);
      if (broken) expect(ok, where).toBe(false);
      const got = Array.from(core.trail.subarray(0, expected.length), (cell) => [cell, core.why[cell]!]);
      expectSame(got, expected, where);
      expectSame(
        expected.map(([cell]) => core.state[cell]),
        expected.map(([cell]) => colour.get(cell)),
        where,
      );
      core.release();
    }
  });

  it('with probing switched off it still decides soundly, and probes no cell', () => {
    for (const f of janko) {
      const core = new DeductionCore(f.puzzle);
      const result = core.run({ probeBudget: 0 });
      expect(result.probes).toBe(0);
      core.cells().forEach((cell, i) => {
        if (cell !== null) expectSame(cell, f.solution![i]);
      });
    }
  });

  it('a core made after another released its arrays decides exactly what a core made afresh decides', () => {
    // Released arrays go to the next core of the same size: nothing of the last puzzle may leak.
    const fresh = janko.map((f) => {
      const core = new DeductionCore(f.puzzle);
      return [core.run().status, core.cells()] as const;
    });
    for (let round = 0; round < 2; round++)
      janko.forEach((f, k) => {
        const core = new DeductionCore(f.puzzle);
        expect([core.run().status, core.cells()]).toEqual(fresh[k]);
        core.release();
      });
  });

  it('stops at a deadline already passed: stuck and timed out, never a wrong verdict', () => {
    const f = janko[0]!;
    const result = new DeductionCore(f.puzzle).run({ limit: Limit.at(Date.now() - 1) });
    expect(['stuck', 'solved']).toContain(result.status);
    if (result.status === 'stuck') expect(result.timedOut).toBe(true);
  });
});
