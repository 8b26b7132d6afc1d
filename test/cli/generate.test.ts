/**
 * `hitori-sat generate`: the same seed gives the same puzzles whatever --jobs; JSON Lines records
 * in the bench/sets shape whose solutions the built `solve` command proves unique; usage errors;
 * a class the bench measured out of reach refused up front.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bruteForceSolutions, fromMask } from '../support/brute-force.js';
import { reach, reachRuns } from '../../src/generate/generate-reach.js';
import { linesOf, run } from './run.js';
import { runInProcess } from './in-process.js';

interface Record {
  id: string;
  rows: number;
  cols: number;
  grid: number[][];
  solution: number[][];
  class: string | null;
  seed: string;
}

describe('generate command', () => {
  it('--seed gives the same puzzles with --jobs 1 and --jobs 3', async () => {
    const one = await runInProcess(['generate', '9x9', '--count', '5', '--seed', 'jobs', '--format', 'jsonl', '--jobs', '1']);
    const three = await runInProcess(['generate', '9x9', '--count', '5', '--seed', 'jobs', '--format', 'jsonl', '--jobs', '3']);
    expect(one.code).toBe(0);
    expect(three.code).toBe(0);
    expect(linesOf(one.stdout)).toHaveLength(5);
    expect(three.stdout).toBe(one.stdout);
  });

  it('--format jsonl: id, rows, cols, grid, solution, class, seed; `solve` finds each unique with that solution', async () => {
    const r = await runInProcess(['generate', '7x8', '--count', '3', '--seed', '11', '--format', 'jsonl']);
    expect(r.code).toBe(0);
    for (const line of linesOf(r.stdout)) {
      const record = JSON.parse(line) as Record;
      expect(Object.keys(record).sort()).toEqual(['class', 'cols', 'grid', 'id', 'rows', 'seed', 'solution']);
      expect(record).toMatchObject({ rows: 7, cols: 8 });
      expect(record.seed).toMatch(/^11:[1-3]$/);
      const solved = await runInProcess(['solve', '-', '--format', 'json'], { stdin: line });
      const answer = JSON.parse(solved.stdout) as { status: string; solution: number[][] };
      expect(answer.status).toBe('unique');
      expect(answer.solution).toEqual(record.solution);
    }
  });

  it('--class G --convention shaded-duplicates: the records say class G, and solve agrees it is unique under that convention', async () => {
    const r = await runInProcess([
      'generate',
      '6x6',
      '--class',
      'G',
      '--convention',
      'shaded-duplicates',
      '--seed',
      '3',
      '--format',
      'jsonl',
    ]);
    expect(r.code).toBe(0);
    const record = JSON.parse(linesOf(r.stdout)[0]!) as Record;
    expect(record.class).toBe('G');
    const solved = await runInProcess(['solve', '-', '--format', 'json', '--convention', 'shaded-duplicates'], {
      stdin: linesOf(r.stdout)[0]!,
    });
    expect((JSON.parse(solved.stdout) as { status: string }).status).toBe('unique');
  });

  it('text: a header line with id, size, class and seed, then the grid', async () => {
    const r = await runInProcess(['generate', '5x5', '--seed', 'x']);
    expect(r.code).toBe(0);
    const lines = linesOf(r.stdout);
    expect(lines[0]).toMatch(/^gen-x:1 {2}5x5 {2}class [A-G] {2}seed x:1$/);
    expect(lines.slice(1, 6).every((l) => /^\d( \d){4}$/.test(l))).toBe(true);
  });

  it('--format json: one document with the puzzles', async () => {
    const r = await runInProcess(['generate', '5x6', '--count', '2', '--seed', '8', '--format', 'json']);
    const doc = JSON.parse(r.stdout) as { seed: string; complete: boolean; puzzles: Record[] };
    expect(doc).toMatchObject({ seed: '8', complete: true });
    expect(doc.puzzles).toHaveLength(2);
  });

  it('--format json: `solve` reads a document of one puzzle, and refuses one of several in one line that names --format jsonl', async () => {
    const one = await runInProcess(['generate', '5x6', '--count', '1', '--seed', '8', '--format', 'json']);
    const { puzzles } = JSON.parse(one.stdout) as { puzzles: Record[] };
    const solved = await runInProcess(['solve', '-', '--format', 'json'], { stdin: one.stdout });
    expect(solved.code).toBe(0);
    expect(JSON.parse(solved.stdout)).toMatchObject({ status: 'unique', solution: puzzles[0]!.solution });
    const two = await runInProcess(['generate', '5x6', '--count', '2', '--seed', '8', '--format', 'json']);
    const refused = await runInProcess(['solve', '-'], { stdin: two.stdout });
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/2 puzzles.*--format jsonl/);
  });

  it('usage errors: one line, exit code 2', async () => {
    for (const args of [
      ['generate', '5x5', '--class', 'A'],
      ['generate', '9x9', '--symbols', '3'],
      ['generate', '17'],
      ['generate', '5x5', '--class', 'H'],
    ]) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(linesOf(r.stderr), args.join(' ')).toHaveLength(1);
    }
  });

  it('refuses 5x5 with 3 symbols at once (every valid shading leaves 4 unshaded cells in some line), with 4 it makes one', async () => {
    const r = await runInProcess(['generate', '5x5', '--symbols', '3', '--timeout', '60000']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(linesOf(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/no 5x5 grid with 3 symbols has a solution.*the fewest that can is 4/);
    const made = await runInProcess(['generate', '5x5', '--symbols', '4', '--seed', '3', '--format', 'jsonl']);
    expect(made.code).toBe(0);
    const { grid } = JSON.parse(made.stdout) as { grid: number[][] };
    expect(new Set(grid.flat()).size).toBeLessThanOrEqual(4);
  });

  it('refuses a class the bench measured out of reach at a size, in one line naming both, exit 2, before any search', async () => {
    const refused = reach.find((r) => r[1] !== 'any' && r[3] < reachRuns);
    expect(refused, 'the bench table refuses some class').toBeDefined();
    const [size, cls, symmetry] = refused!;
    const args = ['generate', `${size}x${size}`, '--class', cls, ...(symmetry === 'none' ? [] : ['--symmetry', symmetry])];
    const r = await runInProcess(args);
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.stdout).toBe('');
    expect(linesOf(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^hitori-sat: class ${cls} .*at ${size}x${size} is out of reach.*bench runs`));
  });

  it('--timeout: the puzzles made so far, exit code 3', async () => {
    const r = await run(['generate', '40x40', '--count', '100', '--timeout', '300', '--format', 'jsonl']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('time limit');
    expect(linesOf(r.stdout).length).toBeLessThan(100);
  });
});

describe('generate --pattern and --symmetry', () => {
  it('fills numbers around a pattern file: the brute force finds that shading and no other', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-pattern-'));
    try {
      const pattern = '; a maximal 4x4 shading\n#.#.\n....\n...#\n.#..\n';
      writeFileSync(join(dir, 'p.txt'), pattern);
      const r = await runInProcess(['generate', '--pattern', join(dir, 'p.txt'), '--seed', '3', '--count', '3', '--to', 'jsonl']);
      expect(r.code).toBe(0);
      const want = pattern
        .split('\n')
        .slice(1)
        .join('')
        .split('')
        .map((ch) => ch === '#');
      for (const line of r.stdout.trim().split('\n')) {
        const record = JSON.parse(line) as { rows: number; cols: number; grid: number[][] };
        const solutions = bruteForceSolutions({ rows: 4, cols: 4, values: record.grid.flat() }).map((m) => fromMask(m, 16));
        expect(solutions).toEqual([want]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a pattern whose unshaded cells fall apart, in one line naming the cells, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-pattern-'));
    try {
      writeFileSync(join(dir, 'p.txt'), '.#..\n#...\n....\n');
      const r = await runInProcess(['generate', '--pattern', join(dir, 'p.txt')]);
      expect(r.code).toBe(2);
      expect(linesOf(r.stderr)).toEqual([
        "hitori-sat: the pattern's unshaded cells fall apart: row 1, column 3 is cut off from row 1, column 1 (see --help)",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
