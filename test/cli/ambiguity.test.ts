/**
 * `hitori-sat ambiguity` as a user runs it: the map in text, JSON and SVG, judged by the
 * brute-force enumerator's solutions; `-o` written whole.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseText } from '../../src/formats/text.js';
import { bruteForceSolutions, fromMask } from '../support/brute-force.js';
import { linesOf } from './run.js';
import { runInProcess } from './in-process.js';

const text = '3 4 2 4\n2 3 2 1\n3 1 4 2\n1 2 3 3\n';
const puzzle = parseText(text);
const solutions = bruteForceSolutions(puzzle).map((m) => fromMask(m, 16));
/** Per cell: 1 or 0 when every solution agrees, else null. */
const expected = Array.from({ length: 16 }, (_, i) =>
  solutions.every((s) => s[i] === solutions[0]![i]) ? (solutions[0]![i] ? 1 : 0) : null,
);
const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-ambiguity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ambiguity', () => {
  it('writes in JSON the cells every brute-force solution agrees on, and null for the others', async () => {
    expect(solutions.length).toBeGreaterThan(1);
    const r = await runInProcess(['ambiguity', '-', '--to', 'json'], { stdin: text });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.status).toBe('multiple');
    expect(json.cells.flat()).toEqual(expected);
    expect(json.free).toBe(expected.filter((c) => c === null).length);
  });

  it('prints the grid with the free cells in brackets and the forced shaded ones as #', async () => {
    const r = await runInProcess(['ambiguity', '-'], { stdin: text });
    expect(r.code).toBe(0);
    const grid = linesOf(r.stdout).slice(1);
    expect(grid).toHaveLength(4);
    const cells = grid.flatMap((line) => line.match(/\[\d+\]|#+|\d+/g)!);
    expect(cells.map((c) => (c.startsWith('[') ? null : c.startsWith('#') ? 1 : 0))).toEqual(expected);
  });

  it('draws an SVG with one dashed outline per free cell, written whole with -o', async () => {
    const out = join(dir, 'map.svg');
    const r = await runInProcess(['ambiguity', '-', '--to', 'svg', '-o', out], { stdin: text });
    expect(r.code).toBe(0);
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<?xml')).toBe(true);
    expect(svg.match(/stroke-dasharray/g)).toHaveLength(expected.filter((c) => c === null).length);
  });

  it('says a puzzle with one solution has every cell forced, and one with none exits 1', async () => {
    const unique = await runInProcess(['ambiguity', '-', '--to', 'json'], { stdin: '1 1\n2 1\n' });
    expect(unique.code).toBe(0);
    expect(JSON.parse(unique.stdout)).toMatchObject({
      status: 'unique',
      free: 0,
      cells: [
        [0, 1],
        [0, 0],
      ],
    });
    const none = await runInProcess(['ambiguity', '-'], { stdin: '1 1\n1 1\n' });
    expect(none.code).toBe(1);
    expect(none.stdout).toMatch(/^no solution/);
  });
});
