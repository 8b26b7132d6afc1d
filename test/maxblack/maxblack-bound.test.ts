/**
 * The edge-counting bound of maxblack-bound.ts against independent truths: the border weight's
 * closed form against a dynamic programme over the cycle and against brute force over small
 * cycles; the bound against the transfer-matrix DP (never below it), and against the exact
 * values for n <= 16 that SAT and the DP settled (BENCH.md, maxblack-oeis), which it meets.
 */
import { describe, expect, it } from 'vitest';
import { borderCycle, boundSlack, maxBlackBound, maxBorderWeight } from '../../src/maxblack/maxblack-bound.js';
import { transferMaxBlack } from '../../src/maxblack/maxblack-transfer.js';

/** The most Σε over independent sets of the border cycle, by trying every subset. */
function bruteBorderWeight(rows: number, cols: number): number {
  const cycle = borderCycle(rows, cols);
  const L = cycle.length;
  let best = 0;
  for (let mask = 0; mask < 1 << L; mask++) {
    let ok = true;
    let w = 0;
    for (let k = 0; k < L && ok; k++) {
      if (!(mask & (1 << k))) continue;
      if (mask & (1 << ((k + 1) % L))) ok = false;
      w += cycle[k]!.corner ? 2 : 1;
    }
    if (ok) best = Math.max(best, w);
  }
  return best;
}

/** a(n) for n = 1..16, proven in BENCH.md by SAT (n <= 13) and the transfer-matrix DP (n <= 16). */
const exact = [0, 1, 4, 5, 9, 12, 17, 21, 27, 33, 41, 48, 57, 65, 75, 85];

describe('maxblack bound', () => {
  it('the border cycle visits every border cell once, consecutive cells sharing an edge', () => {
    for (const [rows, cols] of [
      [2, 2],
      [2, 5],
      [3, 7],
      [6, 4],
    ] as const) {
      const cycle = borderCycle(rows, cols);
      expect(new Set(cycle.map((c) => c.cell)).size).toBe(cycle.length);
      expect(cycle.length).toBe(2 * (rows + cols - 2));
      for (let k = 0; k < cycle.length; k++) {
        const a = cycle[k]!.cell;
        const b = cycle[(k + 1) % cycle.length]!.cell;
        const d = Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols));
        expect(d).toBe(1);
      }
      expect(cycle.filter((c) => c.corner)).toHaveLength(4);
    }
  });

  it('the border weight W(m, n) is m + n + (m mod 2) + (n mod 2) (n + 2 when m = 2), by DP up to 20 and by brute force on small cycles', () => {
    for (let m = 2; m <= 20; m++)
      for (let n = m; n <= 20; n++) {
        expect(maxBorderWeight(m, n), `${m}x${n}`).toBe(m === 2 ? n + 2 : m + n + (m % 2) + (n % 2));
        expect(maxBorderWeight(n, m), `${n}x${m}`).toBe(maxBorderWeight(m, n));
      }
    for (let m = 2; m <= 5; m++) for (let n = 2; n <= 6; n++) expect(maxBorderWeight(m, n), `${m}x${n}`).toBe(bruteBorderWeight(m, n));
  });

  it('meets the exact value on every n x n board with n <= 16', () => {
    for (let n = 1; n <= 16; n++) expect(maxBlackBound(n, n).bound, `${n}x${n}`).toBe(exact[n - 1]);
  });

  it('is the issue formula: ⌊(n²+1)/3⌋ for even n, ⌊(n²+2)/3⌋ for odd n >= 5', () => {
    for (let n = 2; n <= 1000; n++) {
      const expected = n % 2 === 0 ? Math.floor((n * n + 1) / 3) : n >= 5 ? Math.floor((n * n + 2) / 3) : Math.floor((n * n) / 3) + 1;
      expect(maxBlackBound(n, n).bound, `${n}`).toBe(expected);
    }
  });

  it('is never below the transfer-matrix count on boards up to 8 x 9, either way round', () => {
    for (let m = 1; m <= 8; m++)
      for (let n = m; n <= 9; n++) {
        const count = transferMaxBlack(m, n).maxShaded!;
        expect(maxBlackBound(m, n).bound, `${m}x${n}`).toBeGreaterThanOrEqual(count);
        expect(maxBlackBound(n, m).bound).toBe(maxBlackBound(m, n).bound);
      }
  });

  it('the slack at the bound is never negative, and is negative one above it', () => {
    for (let m = 2; m <= 12; m++)
      for (let n = m; n <= 12; n++) {
        const b = maxBlackBound(m, n);
        expect(boundSlack(m, n, b.bound).slack).toBeGreaterThanOrEqual(b.sharpened ? 1 : 0);
        expect(boundSlack(m, n, b.bound + 1).slack).toBeLessThan(b.sharpened ? 1 : 0);
      }
  });
});
