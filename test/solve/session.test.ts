/**
 * The one SAT session against the brute-force enumerator (test/support/brute-force.ts, which
 * shares no code with the encodings): listing shadings by `find` and `block` gives exactly the
 * brute-force set, for the whole puzzle and for rules 2 and 3 with rule 1 stated by
 * `numberRules` under a selector; a shading blocked under a selector comes back once the
 * selector is no longer assumed; every variable it hands out is new; a passed deadline is a
 * TimeoutError, never an answer.
 */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../src/control/errors.js';
import { conventions } from '../../src/puzzle/convention.js';
import { SatSession } from '../../src/solve/session.js';
import { allRules, bruteForceMasks, bruteForceSolutions, mulberry32, randomGrid, randomInt, toMask } from '../support/brute-force.js';

/** Every shading `find` gives under the assumptions, each blocked under `selector` once found. */
async function listAll(session: SatSession, assumptions: number[] = [], selector?: number): Promise<number[]> {
  const out: number[] = [];
  for (let shading = await session.find(assumptions); shading !== null; shading = await session.find(assumptions)) {
    out.push(toMask(shading));
    session.block(shading, selector);
  }
  return out.sort((a, b) => a - b);
}

describe('the SAT session', () => {
  const rng = mulberry32(2111);
  const grids = Array.from({ length: 60 }, () => {
    const rows = randomInt(rng, 1, 4);
    const cols = randomInt(rng, rows === 1 ? 2 : 1, 4);
    return randomGrid(rng, rows, cols, randomInt(rng, 1, 4));
  });

  it.each(conventions)('lists exactly the brute-force solutions of random grids up to 4x4, lazy and layered (%s)', async (convention) => {
    for (const grid of grids) {
      const expected = bruteForceSolutions(grid, convention);
      for (const connectivity of ['lazy', 'layers'] as const) {
        const session = await SatSession.open(grid, { convention, connectivity });
        try {
          expect(await listAll(session), `${grid.id} ${connectivity}`).toEqual(expected);
        } finally {
          session.dispose();
        }
      }
    }
  });

  it.each(conventions)(
    'with rules 2 and 3 only and rule 1 stated by numberRules under a selector, lists the same solutions, and all valid shadings without it (%s)',
    async (convention) => {
      for (const grid of grids.slice(0, 30)) {
        const session = await SatSession.open(grid, { rules: 'shading' });
        try {
          const f = session.formula;
          const cells = grid.rows * grid.cols;
          // Split as the generator splits it: pairs within the first half permanent, the rest guarded.
          const early = (x: number) => x < cells / 2;
          f.numberRules(grid.values, { pair: (x, y) => early(x) && early(y) });
          const epoch = f.variable(['epoch', 0]);
          f.numberRules(grid.values, { unless: epoch, pair: (x, y) => !early(x) || !early(y), convention });
          const round = f.variable(['round', 0]);
          expect(await listAll(session, [epoch, round], round), grid.id).toEqual(bruteForceSolutions(grid, convention));
          // Without the epoch, only the permanent pairs hold: every valid shading obeying them.
          const permanent = { ...grid, values: grid.values.map((v, i) => (early(i) ? v : -1 - i)) };
          const loose = bruteForceMasks(permanent, { ...allRules(), convention: 'literal' });
          const again = f.variable(['round', 1]);
          expect(await listAll(session, [again], again), grid.id).toEqual(loose);
        } finally {
          session.dispose();
        }
      }
    },
  );

  it('hands out a new variable for every selector and auxiliary, above the shading block', async () => {
    const grid = randomGrid(mulberry32(5), 3, 3, 3);
    const session = await SatSession.open(grid, { rules: 'shading' });
    try {
      const f = session.formula;
      const seen = new Set(Array.from({ length: 9 }, (_, i) => f.shaded(i)));
      expect([...seen]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const outputs = f.atLeast([...seen], 4);
      const first = f.block('family', 3);
      const fresh = [f.variable(['a', 1]), f.variable(['a', 2]), first, first + 1, first + 2];
      expect(f.top).toBe(Math.max(...fresh));
      for (const v of [...outputs.filter((o) => o > 9), ...fresh]) {
        expect(seen.has(v), `variable ${v}`).toBe(false);
        seen.add(v);
      }
      expect(f.variable(['a', 1])).toBe(fresh[0]);
    } finally {
      session.dispose();
    }
  });

  it('stops at a deadline already passed: TimeoutError and timedOut, not "none"', async () => {
    const grid = randomGrid(mulberry32(9), 4, 4, 4);
    const session = await SatSession.open(grid, {});
    try {
      await expect(session.find([], Limit.at(Date.now() - 1))).rejects.toBeInstanceOf(TimeoutError);
      expect(session.timedOut).toBe(true);
    } finally {
      session.dispose();
    }
  });
});
