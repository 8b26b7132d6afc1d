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
import { tableShadingFile } from '../../src/maxblack/maxblack-table.js';
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

/**
 * examples/maxblack/table.tsv, b(m, n) for 1 <= m <= n <= 30: every entry's shading judged by the
 * test support's rule judge and counted, its bound recomputed, and the DP's certificates (the
 * entries below the bound) recomputed for the smallest boards; the A239231 b-file against the
 * square entries.
 */
interface Row {
  readonly m: number;
  readonly n: number;
  readonly value: number;
  readonly bound: number;
  readonly status: string;
  readonly file: string;
}

/** table.tsv read here, not with the bench's code: a header line, then tab-separated rows. */
function parseTableTsv(text: string): Row[] {
  const [header, ...lines] = text.split('\n').filter((line) => line !== '');
  expect(header).toBe('m\tn\tvalue\tbound\tstatus\thow\tfile');
  return lines.map((line) => {
    const cells = line.split('\t');
    expect(cells, line).toHaveLength(7);
    const [m, n, value, bound, status, , file] = cells as [string, string, string, string, string, string, string];
    expect(['bound', 'dp', 'open'], line).toContain(status);
    return { m: Number(m), n: Number(n), value: Number(value), bound: Number(bound), status, file };
  });
}

describe('maxblack table of b(m, n), m <= n <= 30', () => {
  const entries = parseTableTsv(readFileSync(new URL('table.tsv', dir), 'utf8'));

  it('has one row per board 1 <= m <= n <= 30, each naming its shading file', () => {
    const seen = entries.map((e) => `${e.m}x${e.n}`);
    const wanted: string[] = [];
    for (let m = 1; m <= 30; m++) for (let n = m; n <= 30; n++) wanted.push(`${m}x${n}`);
    expect(seen).toEqual(wanted);
    for (const e of entries) expect(e.file, `${e.m}x${e.n}`).toBe(tableShadingFile(e.m, e.n));
  });

  it('every shading is valid, has the stated count, and is at the recomputed bound exactly when the status says so', () => {
    for (const e of entries) {
      const name = `${e.m}x${e.n}`;
      const file = parseShadingFile(readFileSync(new URL(e.file, dir), 'utf8'));
      expect([file.rows, file.cols], name).toEqual([e.m, e.n]);
      const j = judge(blankBoard(e.m, e.n), file.shading);
      expect(j.adjacentShaded, name).toBe(false);
      expect(j.disconnected, name).toBe(false);
      expect(file.shading.filter(Boolean).length, name).toBe(e.value);
      expect(e.bound, name).toBe(maxBlackBound(e.m, e.n).bound);
      if (e.status === 'bound') expect(e.value, name).toBe(e.bound);
      else expect(e.value, name).toBeLessThan(e.bound);
    }
  });

  it('the values below the bound are the DP maximum (the smallest boards recomputed)', () => {
    const below = entries.filter((e) => e.status === 'dp').sort((a, b) => a.m * a.n - b.m * b.n);
    expect(below.length).toBeGreaterThan(0);
    for (const e of below.slice(0, 12)) expect(transferMaxBlack(e.m, e.n).maxShaded, `${e.m}x${e.n}`).toBe(e.value);
  });

  it('the A239231 b-file lists n = 1..30 as the square entries (a(1) = 1 by the entry’s convention)', () => {
    const lines = readFileSync(new URL('b239231.txt', dir), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    const squares = new Map(entries.filter((e) => e.m === e.n).map((e) => [e.n, e]));
    expect(lines.map((line) => Number(line.split(' ')[0]))).toEqual(Array.from({ length: 30 }, (_, k) => k + 1));
    for (const line of lines) {
      const [n, a] = line.split(' ').map(Number) as [number, number];
      const e = squares.get(n)!;
      expect(e.status, `a(${n})`).toBe('bound');
      expect(a, `a(${n})`).toBe(n === 1 ? 1 : e.value);
    }
  });
});
