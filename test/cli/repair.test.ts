/**
 * `hitori-sat repair` as a user runs it: each change set it prints, applied to the puzzle, leaves
 * exactly one solution by the brute-force enumerator (the one printed, which passes the
 * independent checker), and no single change fewer does (brute force too); the output names the
 * scope proven (any solution, or `--keep`'s); `--max-changes` and `--timeout` stop the search
 * with what was proven said. (The minimum itself is judged against brute force on 100 grids in
 * test/repair/repair.test.ts.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseText } from '../../src/formats/text.js';
import { checkShading } from '../../src/puzzle/check.js';
import { bruteForceSolutions, fromMask, mulberry32, randomInt } from '../support/brute-force.js';
import { run } from './run.js';
import { runInProcess } from './in-process.js';

const text = '3 4 2 4\n2 3 2 1\n3 1 4 2\n1 2 3 3\n';
const puzzle = parseText(text);
const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-repair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface RepairJson {
  status: string;
  scope: string;
  values: number;
  provenBelow: number;
  maxChanges: number | null;
  fewest: number | null;
  solution: number[][] | null;
  repairs: { changes: { row: number; column: number; from: number; to: number }[]; grid: number[][]; solution: number[][] }[];
}

/** The one brute-force solution of the grid with the changes made, or null when there is not exactly one. */
function onlySolution(changes: RepairJson['repairs'][number]['changes']): boolean[] | null {
  const values = [...puzzle.values];
  for (const c of changes) {
    expect(values[(c.row - 1) * 4 + c.column - 1]).toBe(c.from);
    values[(c.row - 1) * 4 + c.column - 1] = c.to;
  }
  const solutions = bruteForceSolutions({ ...puzzle, values });
  return solutions.length === 1 ? fromMask(solutions[0]!, 16) : null;
}

describe('repair', () => {
  it('prints change sets that each leave exactly one solution, the one printed', async () => {
    const r = await runInProcess(['repair', '-', '--to', 'json'], { stdin: text });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as RepairJson;
    expect(json.status).toBe('repaired');
    expect(json.scope).toBe('any-solution');
    expect(json.values).toBe(5);
    expect(json.solution).toBeNull();
    expect(json.repairs.length).toBeGreaterThan(0);
    // The puzzle has several solutions, so no change is not a repair: the fewest is 1 (brute force).
    expect(bruteForceSolutions(puzzle).length).toBeGreaterThan(1);
    expect(json.fewest).toBe(1);
    for (const repair of json.repairs) {
      expect(repair.changes).toHaveLength(json.fewest!);
      const only = onlySolution(repair.changes);
      expect(only).toEqual(repair.solution.flat().map((x) => x === 1));
      expect(checkShading({ rows: 4, cols: 4, values: repair.grid.flat() }, only!)).toEqual([]);
    }
  });

  it('keeps the shading given with --keep (a # and . file)', async () => {
    // A solution of the puzzle (row 2, column 3 and row 4, column 3 shaded, and two corners).
    const keep = '#..#\n..#.\n#...\n..#.\n';
    const file = join(dir, 'keep.txt');
    writeFileSync(file, keep);
    expect(
      checkShading(
        puzzle,
        keep
          .replace(/\n/g, '')
          .split('')
          .map((ch) => ch === '#'),
      ),
    ).toEqual([]);
    const r = await runInProcess(['repair', '-', '--keep', file, '--to', 'json'], { stdin: text });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as RepairJson;
    expect(json.scope).toBe('keep-solution');
    expect(
      json
        .solution!.flat()
        .map((x) => (x === 1 ? '#' : '.'))
        .join(''),
    ).toBe(keep.replace(/\n/g, ''));
    for (const repair of json.repairs)
      expect(
        onlySolution(repair.changes)!
          .map((x) => (x ? '#' : '.'))
          .join(''),
      ).toBe(keep.replace(/\n/g, ''));
  });

  it('refuses a shading to keep that breaks rule 2, naming its file, exit 2', async () => {
    const file = join(dir, 'touching.txt');
    writeFileSync(file, '##..\n....\n....\n....\n');
    const r = await runInProcess(['repair', '-', '--keep', file], { stdin: text });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/touching\.txt: the solution to keep breaks a rule that no number can mend/);
  });

  it('says in text which scope it proved: one change over any solution for 1 3 2 / 3 2 1 / 2 3 3, two keeping one of its present solutions', async () => {
    const grid = '1 3 2\n3 2 1\n2 3 3\n';
    const any = await runInProcess(['repair', '-'], { stdin: grid });
    expect(any.code).toBe(0);
    expect(any.stdout.split('\n')[0]).toBe(
      '1 change, the fewest over any solution with numbers 1..4 (proven: no set of fewer changes works)',
    );
    const file = join(dir, 'keep-132.txt');
    // A present solution of the grid (brute force), which one change cannot make the only one.
    writeFileSync(file, '.#.\n...\n.#.\n');
    expect(bruteForceSolutions(parseText(grid))).toContain(0b010000010);
    const keep = await runInProcess(['repair', '-', '--keep', file], { stdin: grid });
    expect(keep.code).toBe(0);
    expect(keep.stdout.split('\n')[0]).toBe(
      '2 changes, the fewest keeping the given solution, with numbers 1..4 (proven: no set of fewer changes works)',
    );
  });

  it('with --max-changes below the fewest, says what it proved and where it stopped, exit 1', async () => {
    const r = await runInProcess(['repair', '-', '--max-changes', '0'], { stdin: text });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('no repair with 0 changes over any solution with numbers 1..5 (proven); search stopped at --max-changes 0\n');
    const json = JSON.parse(
      (await runInProcess(['repair', '-', '--max-changes', '0', '--to', 'json'], { stdin: text })).stdout,
    ) as RepairJson;
    expect([json.status, json.provenBelow, json.maxChanges, json.fewest]).toEqual(['beyond-bound', 1, 0, null]);
  });

  it('stopped by the time limit on a random 15x15 (dozens of changes needed), says what it proved, exit 3', async () => {
    // A seeded random 15x15 of numbers 1..15: far more changes than a search of seconds reaches.
    const rng = mulberry32(11);
    const grid = Array.from({ length: 15 }, () => Array.from({ length: 15 }, () => randomInt(rng, 1, 15)).join(' ')).join('\n');
    const r = await run(['repair', '-', '--timeout', '600'], { stdin: `${grid}\n` });
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(
      /^(nothing proven yet|no repair with (0 changes|\d+ or fewer changes) over any solution with numbers 1\.\.16 \(proven\)); search stopped at the time limit\n$/,
    );
  });

  it('refuses a --max-changes that is not a whole number, exit 2', async () => {
    const r = await runInProcess(['repair', '-', '--max-changes', '-1'], { stdin: text });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--max-changes must be a whole number/);
  });

  it('finds a puzzle already unique needs no change', async () => {
    const r = await runInProcess(['repair', '-'], { stdin: '1 1\n2 1\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^already unique: no change needed/);
  });
});
