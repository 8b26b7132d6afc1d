/**
 * The engine's shortcuts against the straightforward way, on random grids whose boards get stuck
 * (made the way Tatham makes puzzles, often with several solutions), so that every probing technique runs: results must be identical.
 * - Witnesses (witnesses.ts): Prob-2 with its inner probes skipped where a known solution shows
 *   they cannot fail, against Prob-2 running every probe: the same steps (technique, cells,
 *   reason, weight), the same board, the same probe counts.
 * - 2-SAT, which on a trial board returns nothing without looking (two-sat.ts proves it finds
 *   nothing there), against a full sweep of a plain copy.
 */
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/rules/board.js';
import { type Context, techniques } from '../../src/rules/catalogue.js';
import { fixpoint, newStats, probeRunner, selectTechniques, solveByRules } from '../../src/rules/strategy.js';
import { Trial } from '../../src/rules/trial.js';
import type { Deduction } from '../../src/rules/types.js';
import { vouches, Witnesses } from '../../src/rules/witnesses.js';
import { mulberry32, randomGrid, randomInt } from '../support/brute-force.js';
import { madePuzzle } from './support.js';

const told = (steps: readonly Deduction[]) =>
  steps.map((d) => `${d.technique} ${JSON.stringify(d.cells)} w${d.weight ?? ''}${d.usedUniqueness === true ? ' U' : ''}: ${d.reason}`);

describe('witnesses skip only probes that cannot fail', () => {
  it('the whole engine (rule set all) gives the same steps, board and counts with and without them', () => {
    const rng = mulberry32(22);
    const specs = selectTechniques({ techniques: 'all' });
    let skipped = 0;
    let kept = 0;
    let prob2 = 0;
    for (let round = 0; round < 60; round++) {
      const puzzle = madePuzzle(rng, randomInt(rng, 6, 9), randomInt(rng, 6, 9));
      const runs = [true, false].map((use) => {
        const steps: Deduction[] = [];
        const board = new Board(puzzle, undefined, undefined, steps);
        const witnesses = use ? new Witnesses() : null;
        const ctx: Context = {
          scope: {},
          cursor: { next: 0 },
          prober: probeRunner(specs),
          prober2: probeRunner(specs, true, undefined, undefined, witnesses),
        };
        const stats = fixpoint(board, specs, ctx, new Set(), newStats());
        if (witnesses !== null) {
          skipped += witnesses.skipped;
          kept += witnesses.size;
        }
        return {
          steps: told(steps),
          state: [...board.state],
          contradiction: board.contradiction?.reason ?? null,
          hardest: stats.hardest,
          usedUniqueness: stats.usedUniqueness,
          fired: [...stats.fired],
          tried: ctx.cursor.tried,
          classSum: ctx.cursor.classSum,
        };
      });
      expect(runs[0], `round ${round}: ${puzzle.values.join(',')}`).toEqual(runs[1]);
      if (runs[0]!.steps.some((s) => s.startsWith('Prob-2'))) prob2++;
    }
    // The sample makes the shortcut do its work, and Prob-2 find something now and then.
    expect(skipped).toBeGreaterThan(1000);
    expect(kept).toBeGreaterThan(20);
    if (process.env['SHOW_WITNESSES']) console.log({ skipped, kept, prob2 });
  });

  it('every probe a witness vouches for fails when run, on the trials of Prob-2 from stuck boards', () => {
    const rng = mulberry32(9);
    const specs = selectTechniques({ techniques: 'all' });
    const run = probeRunner(specs);
    const ctx: Context = { scope: {}, cursor: { next: 0 }, prober: run };
    let vouched = 0;
    for (let round = 0; round < 60; round++) {
      const puzzle = madePuzzle(rng, randomInt(rng, 6, 9), randomInt(rng, 6, 9));
      const board = new Board(puzzle);
      fixpoint(
        board,
        specs.filter((t) => t.code !== 'Prob-2'),
        ctx,
        new Set(),
      );
      if (board.contradiction !== null || board.unknownCount === 0) continue;
      const witnesses = new Witnesses();
      // A probe from the board at a fixpoint, as a trial on its trail: the trial when it ends without a clash (the caller undoes it).
      const probe = (cell: number, colour: 'black' | 'white'): Trial | null => {
        const t = new Trial(board);
        if (!board.assume(cell, colour) || !board.checkConnectivity(t) || run(board, t).contradiction !== null) return null;
        return t;
      };
      for (let c = 0; c < board.n; c++) {
        if (!board.isUnknown(c)) continue;
        for (const y of ['black', 'white'] as const) {
          const start = board.trailSize;
          const outer = probe(c, y);
          if (outer !== null) {
            const cover = witnesses.cover(board, outer);
            for (let d = 0; d < board.n; d++) {
              if (!board.isUnknown(d)) continue;
              for (const x of ['black', 'white'] as const) {
                const mark = board.trailSize;
                const inner = probe(d, x);
                if (vouches(cover, d, x)) {
                  vouched++;
                  expect(inner, `round ${round}: ${c} ${y} ${d} ${x}`).not.toBeNull();
                } else if (inner !== null) witnesses.complete(board, inner, run, cover);
                board.undo(mark);
              }
            }
          }
          board.undo(start);
        }
      }
    }
    expect(vouched).toBeGreaterThan(1000);
  });

  it('solveByRules reports the same with the option off', () => {
    const rng = mulberry32(5);
    for (let round = 0; round < 10; round++) {
      const puzzle = madePuzzle(rng, 8, 8);
      const [a, b] = [true, false].map((witnesses) => {
        const r = solveByRules(puzzle, { witnesses });
        return {
          status: r.status,
          steps: told(r.steps),
          state: [...r.board.state],
          hardest: r.hardest,
          tried: r.probesTried,
          sum: r.probeClassSum,
        };
      });
      expect(a, `round ${round}: ${puzzle.values.join(',')}`).toEqual(b);
    }
  });
});

describe('2-SAT on a trial board', () => {
  it('finds nothing, as two-sat.ts proves: a full sweep of a plain copy agrees, through rounds of random changes', () => {
    const rng = mulberry32(3);
    const twoSat = techniques.find((t) => t.code === '2-SAT')!;
    const ctx: Context = { scope: {}, cursor: { next: 0 } };
    const paint = (b: Board, count: number) => {
      for (let k = 0; k < count && b.contradiction === null; k++) {
        const cell = randomInt(rng, 0, b.n - 1);
        if (b.isUnknown(cell)) b.assume(cell, rng() < 0.3 ? 'black' : 'white');
      }
    };
    let compared = 0;
    let started = 0;
    // Starts where 2-SAT had work to do (so it is no idle technique on these boards).
    let worked = 0;
    for (let round = 0; round < 1000; round++) {
      const rows = randomInt(rng, 2, 8);
      const cols = randomInt(rng, 2, 8);
      const board = new Board(randomGrid(rng, rows, cols, randomInt(rng, 3, Math.max(rows, cols) + 3)));
      paint(board, randomInt(rng, 0, board.n >> 3));
      // The start: a board where 2-SAT finds nothing more.
      let found = twoSat.find(board, ctx);
      if (found.length > 0) worked++;
      for (; found.length > 0 && board.contradiction === null; found = twoSat.find(board, ctx)) for (const d of found) board.apply(d);
      if (board.contradiction !== null || board.unknownCount === 0) continue;
      if (twoSat.find(board, ctx).length > 0) started++;
      const onTrial: Context = { ...ctx, trial: new Trial(board) };
      for (let turn = 0; turn < 4 && board.contradiction === null && board.unknownCount > 0; turn++) {
        paint(board, randomInt(rng, 1, 2));
        if (board.contradiction !== null) break;
        expect(twoSat.find(board, onTrial)).toEqual([]);
        expect(told(twoSat.find(board.clone(), ctx)), `${board.puzzle.id} ${[...board.state].join('')}`).toEqual([]);
        compared++;
      }
    }
    expect(started).toBe(0);
    expect(worked).toBeGreaterThan(100);
    expect(compared).toBeGreaterThan(500);
  });
});
