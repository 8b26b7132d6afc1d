/**
 * The record shadings of examples/maxblack/ (one file per n x n board): each judged by the test
 * support's own rule judge (no two shaded cells adjacent, the unshaded cells one region), its
 * count and bound as its first comment states them, and, for n <= 12, the count against the
 * transfer-matrix DP, an exact search that shares nothing with the SAT encodings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blankBoard } from '../../src/maxblack/maxblack.js';
import { maxBlackBound } from '../../src/maxblack/maxblack-bound.js';
import { parseShadingFile } from '../../src/maxblack/maxblack-shading.js';
import { transferMaxBlack } from '../../src/maxblack/maxblack-transfer.js';
import { judge } from '../support/brute-force.js';

const dir = new URL('../../examples/maxblack/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => /^\d+x\d+\.txt$/.test(f))
  .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));

describe('maxblack record shadings', () => {
  it('there is one file per n for n = 1..30', () => {
    for (let n = 1; n <= 30; n++) expect(files, `${n}x${n}`).toContain(`${n}x${n}.txt`);
  });

  for (const name of files) {
    it(`${name}: no two shaded cells touch, the unshaded cells are connected, and the count is the one stated`, () => {
      const file = parseShadingFile(readFileSync(new URL(name, dir), 'utf8'));
      const n = Number.parseInt(name, 10);
      expect([file.rows, file.cols]).toEqual([n, n]);
      const j = judge(blankBoard(n, n), file.shading);
      expect(j.adjacentShaded).toBe(false);
      expect(j.disconnected).toBe(false);
      const shaded = file.shading.filter(Boolean).length;
      const { bound } = maxBlackBound(n, n);
      expect(file.comments[0]).toBe(
        `${n}x${n}: ${shaded} shaded cells; upper bound ${bound}${shaded === bound ? ' (met: the maximum)' : ''}; no two shaded cells touch, the unshaded cells are connected`,
      );
      expect(shaded).toBeLessThanOrEqual(bound);
    });
  }

  it('for n <= 12, each count is the exact maximum of the transfer-matrix DP', () => {
    for (let n = 1; n <= 12; n++) {
      const file = parseShadingFile(readFileSync(new URL(`${n}x${n}.txt`, dir), 'utf8'));
      expect(file.shading.filter(Boolean).length, `${n}x${n}`).toBe(transferMaxBlack(n, n).maxShaded);
    }
  });
});
