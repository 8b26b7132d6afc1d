/**
 * Growing a record by six rows and six columns (maxblack-grow.ts): the bound grows by exactly 2n
 * per six rows of width n (the header's parity argument, checked here against maxBlackBound), and
 * a grown shading of a record at its bound is valid by the test support's own rule judge, keeps
 * the source outside the strips, and meets the new bound.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blankBoard } from '../../src/maxblack/maxblack.js';
import { maxBlackBound } from '../../src/maxblack/maxblack-bound.js';
import { growShading } from '../../src/maxblack/maxblack-grow.js';
import { parseShadingFile } from '../../src/maxblack/maxblack-shading.js';
import { judge } from '../support/brute-force.js';

describe('maxblack growing a record', () => {
  it('six more rows of width n add exactly 2n to the bound (m, n >= 4)', () => {
    for (let m = 4; m <= 24; m++)
      for (let n = 4; n <= 24; n++) expect(maxBlackBound(m + 6, n).bound, `${m}x${n}`).toBe(maxBlackBound(m, n).bound + 2 * n);
  });

  it('grows the 5x5 record (9) to an 11x11 shading at its bound 41', async () => {
    const source = parseShadingFile(readFileSync(new URL('../../examples/maxblack/5x5.txt', import.meta.url), 'utf8'));
    const r = await growShading(5, 5, source.shading, { attemptMs: 60_000 });
    expect(r).toMatchObject({ rows: 11, cols: 11, status: 'found', value: 41, bound: 41 });
    const j = judge(blankBoard(11, 11), r.shading!);
    expect(j.adjacentShaded || j.disconnected).toBe(false);
    expect(r.shading!.filter(Boolean).length).toBe(41);
    // Below and right of both strips (and their free margins), the source is kept, shifted by six.
    for (let sr = r.rowCut! + 2; sr < 5; sr++)
      for (let sc = r.colCut! + 2; sc < 5; sc++)
        expect(r.shading![(sr + 6) * 11 + sc + 6], `${sr},${sc}`).toBe(source.shading[sr * 5 + sc]);
  });

  it('refuses a board below 3x3', async () => {
    await expect(growShading(2, 2, [false, false, false, false])).rejects.toThrow(RangeError);
  });
});
