/**
 * The search aimed at the bound, with the implied clauses of encodings/bound-structure.ts, against
 * the transfer-matrix DP (an exact count that shares nothing with SAT): on small boards it finds a
 * valid shading for k = the maximum and refutes k + 1, with and without the implied clauses, so
 * they cut off no valid shading; it answers `none` above the bound without solving.
 */
import { describe, expect, it } from 'vitest';
import { blankBoard } from '../../src/maxblack/maxblack.js';
import { maxBlackAtLeast } from '../../src/maxblack/maxblack-aimed.js';
import { transferMaxBlack } from '../../src/maxblack/maxblack-transfer.js';
import { judge } from '../support/brute-force.js';

describe('maxblack search aimed at the bound', () => {
  it('finds the maximum and refutes one more on boards up to 5x7, with and without the implied clauses', async () => {
    for (const [m, n] of [
      [2, 6],
      [3, 5],
      [4, 4],
      [4, 7],
      [5, 5],
      [5, 7],
    ] as const) {
      const exact = transferMaxBlack(m, n).maxShaded!;
      for (const structure of [true, false]) {
        const found = await maxBlackAtLeast(m, n, exact, { structure });
        expect(found.status, `${m}x${n} >= ${exact}`).toBe('found');
        const j = judge(blankBoard(m, n), found.shading!);
        expect(j.adjacentShaded || j.disconnected).toBe(false);
        expect(found.value).toBeGreaterThanOrEqual(exact);
        expect((await maxBlackAtLeast(m, n, exact + 1, { structure })).status, `${m}x${n} >= ${exact + 1}`).toBe('none');
      }
    }
  });

  it('meets the bound on 13x13 (57, one more than A239231 lists) within a minute', async () => {
    const r = await maxBlackAtLeast(13, 13, 57, { searchMs: 60_000 });
    expect(r).toMatchObject({ status: 'found', value: 57, bound: 57 });
  });

  it('answers none above the bound without a solve call', async () => {
    expect(await maxBlackAtLeast(9, 9, 28)).toMatchObject({ status: 'none', solveCalls: 0, bound: 27 });
  });

  it('searches around a shading with cells fixed, and keeps them', async () => {
    const start = new Array<boolean>(25).fill(false);
    const cells = [0, 1, 2, 3, 4];
    const r = await maxBlackAtLeast(5, 5, 6, { fixed: { shading: start, cells } });
    expect(r.status).toBe('found');
    for (const i of cells) expect(r.shading![i]).toBe(false);
  });
});
