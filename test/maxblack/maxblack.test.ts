/**
 * maxblack against independent truth: a brute force written here that walks every shading with no
 * two shaded neighbours (row-major backtracking) and judges connectivity with the test support's
 * own rule judge, the thesis's 7x7 = 17, and the thesis's b(m, n) = mn/3 claim; past the brute
 * force's reach, the transfer-matrix DP (checked against the brute force first), which shares
 * nothing with the SAT encoding.
 */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import { blankBoard, maxBlack } from '../../src/maxblack/maxblack.js';
import { transferMaxBlack } from '../../src/maxblack/maxblack-transfer.js';
import { judge } from '../support/brute-force.js';

/** The most shaded cells over all valid shadings of an R x C board, by exhaustion. */
function bruteMaxBlack(rows: number, cols: number): number {
  const n = rows * cols;
  const grid = blankBoard(rows, cols);
  const shading = new Array<boolean>(n).fill(false);
  let best = -1;
  const walk = (i: number, count: number) => {
    // Even shading every remaining free cell could not beat the best: prune.
    if (count + Math.ceil((n - i) / 2) + 1 <= best) return;
    if (i === n) {
      if (count > best && !judge(grid, shading).disconnected) best = count;
      return;
    }
    const c = i % cols;
    if (!(c > 0 && shading[i - 1]) && !(i >= cols && shading[i - cols])) {
      shading[i] = true;
      walk(i + 1, count + 1);
      shading[i] = false;
    }
    walk(i + 1, count);
  };
  walk(0, 0);
  return best;
}

/** An independent check of a pattern: no two shaded neighbours, the unshaded cells one region. */
function validPattern(rows: number, cols: number, shading: readonly boolean[]): boolean {
  const j = judge(blankBoard(rows, cols), shading);
  return !j.adjacentShaded && !j.disconnected;
}

describe('maxblack', () => {
  const small: [number, number][] = [];
  for (let r = 1; r <= 5; r++) for (let c = r; c <= 6; c++) small.push([r, c]);
  small.push([2, 9], [2, 12], [3, 7], [3, 9], [4, 7]);

  it('equals a brute force over every valid shading on boards up to 30 cells, with a valid pattern of that many', async () => {
    for (const [rows, cols] of small) {
      const result = await maxBlack(rows, cols);
      expect(result.proven, `${rows}x${cols}`).toBe(true);
      expect(result.value, `${rows}x${cols}`).toBe(bruteMaxBlack(rows, cols));
      expect(result.shading.filter(Boolean)).toHaveLength(result.value);
      expect(validPattern(rows, cols, result.shading), `${rows}x${cols}`).toBe(true);
    }
  });

  it('the transfer-matrix DP (the second method) agrees with the brute force on boards up to 30 cells, either way round', () => {
    for (const [rows, cols] of small) {
      const expected = bruteMaxBlack(rows, cols);
      expect(transferMaxBlack(rows, cols).maxShaded, `${rows}x${cols}`).toBe(expected);
      expect(transferMaxBlack(cols, rows).maxShaded, `${cols}x${rows}`).toBe(expected);
    }
  });

  it("equals a transfer-matrix count on every board of the thesis's Table 16 range with a side of at most 5 (m <= 5, n <= 14)", async () => {
    for (let m = 2; m <= 5; m++)
      for (let n = m; n <= 14; n++) {
        const result = await maxBlack(m, n);
        expect(result.proven, `${m}x${n}`).toBe(true);
        expect(result.value, `${m}x${n}`).toBe(transferMaxBlack(m, n).maxShaded);
      }
  });

  it("the DP's witness is a valid shading with the DP's count, either way round (the brute force's value)", () => {
    for (const [rows, cols] of [...small, [3, 11] as [number, number], [6, 7] as [number, number]]) {
      for (const [r, c] of [
        [rows, cols],
        [cols, rows],
      ] as const) {
        const result = transferMaxBlack(r, c, { witness: true });
        expect(result.shading, `${r}x${c}`).toHaveLength(r * c);
        expect(validPattern(r, c, result.shading!), `${r}x${c}`).toBe(true);
        expect(result.shading!.filter(Boolean).length, `${r}x${c}`).toBe(result.maxShaded);
      }
      if (rows * cols <= 30) expect(transferMaxBlack(rows, cols, { witness: true }).maxShaded).toBe(bruteMaxBlack(rows, cols));
    }
    expect(transferMaxBlack(4, 4).shading).toBeNull();
  });

  it('the transfer-matrix DP gives up with no value once its deadline has passed', () => {
    expect(transferMaxBlack(12, 12, { limit: Limit.at(Date.now() - 1) }).maxShaded).toBeNull();
  });

  it('is symmetric in rows and columns', async () => {
    for (const [rows, cols] of [
      [2, 5],
      [3, 4],
      [4, 6],
    ] as const) {
      expect((await maxBlack(cols, rows)).value).toBe((await maxBlack(rows, cols)).value);
    }
  });

  it('counts a 1x1 board as 0: its one cell must stay unshaded to leave a non-empty region', async () => {
    const result = await maxBlack(1, 1);
    expect(result).toMatchObject({ value: 0, proven: true, shading: [false] });
  });

  it("finds the thesis's 7x7 maximum of 17 (section 7.3) and proves 18 impossible", async () => {
    const result = await maxBlack(7, 7);
    expect(result).toMatchObject({ value: 17, proven: true });
    expect(validPattern(7, 7, result.shading)).toBe(true);
  });

  it("agrees with the thesis's b(m, n) = mn/3 when 3 divides m or n, for 5 <= m <= n <= 9", async () => {
    for (let m = 5; m <= 9; m++) {
      for (let n = m; n <= 9; n++) {
        if (m % 3 !== 0 && n % 3 !== 0) continue;
        const result = await maxBlack(m, n);
        expect(result.proven, `${m}x${n}`).toBe(true);
        expect(result.value, `${m}x${n}`).toBe((m * n) / 3);
      }
    }
  });

  it('shows, by brute force, that the mn/3 claim fails on boards with a side of 2 or 3 (2x6: 3, 3x3: 4, 3x5: 6)', async () => {
    for (const [rows, cols, expected] of [
      [2, 6, 3],
      [3, 3, 4],
      [3, 5, 6],
    ] as const) {
      expect(bruteMaxBlack(rows, cols)).toBe(expected);
      expect((await maxBlack(rows, cols)).value).toBe(expected);
      expect(expected).not.toBe((rows * cols) / 3);
    }
  });

  it('with the complete distance-layer connectivity, proves the same maxima', async () => {
    for (const [rows, cols] of [
      [3, 4],
      [4, 5],
      [5, 5],
    ] as const) {
      const result = await maxBlack(rows, cols, { connectivity: 'layers' });
      expect(result.proven).toBe(true);
      expect(result.value).toBe(bruteMaxBlack(rows, cols));
    }
  });

  it('starting from a bound above the maximum still ends proven at the maximum', async () => {
    const result = await maxBlack(5, 5, { from: 12 });
    expect(result).toMatchObject({ value: bruteMaxBlack(5, 5), proven: true });
  });

  it('reports the best shading found, not proven, when the time limit passes', async () => {
    const result = await maxBlack(30, 30, { limit: Limit.after(50) });
    expect(result.proven).toBe(false);
    expect(validPattern(30, 30, result.shading)).toBe(true);
    expect(result.shading.filter(Boolean)).toHaveLength(result.value);
  });
});

describe('maxblack on a board too large to count', () => {
  it('refuses a 100x100 board by the size of its count of shaded cells, naming --construct, before building anything', async () => {
    await expect(maxBlack(100, 100)).rejects.toThrow(
      /^the 100x100 board's count of shaded cells would take \d+ million literals, more than the 8(\.0+)? million allowed; --construct/,
    );
  });
});

describe('maxblack without symmetry breaking', () => {
  it('proves the same maxima as with it and as the brute force', async () => {
    for (const [rows, cols] of [
      [3, 3],
      [4, 5],
      [5, 6],
    ] as const) {
      const result = await maxBlack(rows, cols, { symmetry: false });
      expect(result.proven).toBe(true);
      expect(result.value).toBe(bruteMaxBlack(rows, cols));
    }
  });
});
