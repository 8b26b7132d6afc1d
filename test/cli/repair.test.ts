/**
 * `hitori-sat repair` as a user runs it: each change set it prints, applied to the puzzle, leaves
 * exactly one solution by the brute-force enumerator (the one printed, which passes the
 * independent checker); `--keep` keeps the shading given; `--max-changes` bounds the search.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseText } from '../../src/formats/text.js';
import { checkShading } from '../../src/puzzle/check.js';
import { bruteForceSolutions, fromMask } from '../support/brute-force.js';
import { run } from './run.js';

const text = '3 4 2 4\n2 3 2 1\n3 1 4 2\n1 2 3 3\n';
const puzzle = parseText(text);
const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-repair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface RepairJson {
  status: string;
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
    const r = await run(['repair', '-', '--to', 'json'], { stdin: text });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as RepairJson;
    expect(json.status).toBe('repaired');
    expect(json.repairs.length).toBeGreaterThan(0);
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
    const r = await run(['repair', '-', '--keep', file, '--to', 'json'], { stdin: text });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as RepairJson;
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
    const r = await run(['repair', '-', '--keep', file], { stdin: text });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/touching\.txt: the solution to keep breaks a rule that no number can mend/);
  });

  it('with --max-changes below the fewest, says no repair exists within it and exits 1', async () => {
    const r = await run(['repair', '-', '--max-changes', '1'], { stdin: text });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^no set of at most 1 changes makes the puzzle unique/);
  });

  it('finds a puzzle already unique needs no change', async () => {
    const r = await run(['repair', '-'], { stdin: '1 1\n2 1\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^already unique: no change needed/);
  });
});
