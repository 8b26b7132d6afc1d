/** `hitori-sat decode`: reading a solver's model in its several forms and checking it against the rules. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, linesOf } from './run.js';
import { runInProcess } from './in-process.js';

interface Published {
  rows: number;
  cols: number;
  grid: number[][];
  solution: number[][];
}

interface DecodeJson {
  id: string | null;
  rows: number;
  cols: number;
  convention: string;
  status: string;
  solution: number[][] | null;
  violations: string[];
}

const p5 = JSON.parse(readFileSync(fixture('janko-002.json'), 'utf8')) as Published;

/** The literals of a shading: v for a shaded cell, -v for an unshaded one (v = row-major index + 1). */
function literals(shading: number[][]): number[] {
  return shading.flat().map((s, i) => (s === 1 ? i + 1 : -(i + 1)));
}

const decodeJson = (stdout: string) => JSON.parse(stdout) as DecodeJson;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-cli-decode-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('decode: model forms', () => {
  it('accepts a bare literal list and prints the grid with # on the shaded cells and a "valid solution" verdict', async () => {
    const model = join(dir, 'bare.txt');
    writeFileSync(model, `${literals(p5.solution).join(' ')} 0\n`);
    const result = await runInProcess(['decode', 'janko-002.txt', model]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = linesOf(result.stdout);
    expect(lines).toHaveLength(p5.rows + 1);
    lines.slice(0, p5.rows).forEach((line, r) => {
      expect(line.split(' ')).toEqual(p5.grid[r]!.map((v, c) => (p5.solution[r]![c] === 1 ? '#' : String(v))));
    });
    expect(lines[p5.rows]).toMatch(/^valid solution under convention literal/);
  });

  it('accepts SAT-competition s/v lines with solver chatter, auxiliary variables and a model split over several v lines', async () => {
    const lits = literals(p5.solution);
    const aux = [26, -27, 28, -29, 30];
    const text = [
      'c some solver banner',
      'c ---',
      's SATISFIABLE',
      `v ${lits.slice(0, 10).join(' ')}`,
      `v ${lits.slice(10).join(' ')}`,
      `v ${aux.join(' ')} 0`,
      'c done',
    ].join('\n');
    const result = await runInProcess(['decode', 'janko-002.json', '-', '--format', 'json'], { stdin: `${text}\n` });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const r = decodeJson(result.stdout);
    expect(r.status).toBe('valid');
    expect(r.solution).toEqual(p5.solution);
    expect(r.violations).toEqual([]);
    expect(r.rows).toBe(5);
    expect(r.cols).toBe(5);
    expect(r.convention).toBe('literal');
  });

  it("accepts MiniSat's result file (a status word, then the literals)", async () => {
    const result = await runInProcess(['decode', 'janko-002.txt', '-', '--format', 'json'], {
      stdin: `SAT\n${literals(p5.solution).join(' ')} 0\n`,
    });
    expect(result.code).toBe(0);
    expect(decodeJson(result.stdout).solution).toEqual(p5.solution);
  });

  it('accepts a model with CRLF line ends', async () => {
    const lits = literals(p5.solution);
    const result = await runInProcess(['decode', 'janko-002.txt', '-', '--format', 'json'], {
      stdin: `s SATISFIABLE\r\nv ${lits.join(' ')} 0\r\n`,
    });
    expect(result.code).toBe(0);
    expect(decodeJson(result.stdout).status).toBe('valid');
  });

  it('an UNSATISFIABLE answer reports status none and exits 1', async () => {
    const result = await runInProcess(['decode', 'janko-002.txt', '-', '--format', 'json'], { stdin: 's UNSATISFIABLE\n' });
    expect(result.code).toBe(1);
    const r = decodeJson(result.stdout);
    expect(r.status).toBe('none');
    expect(r.solution).toBeNull();
  });

  it('an UNKNOWN answer reports status unknown and exits 3, like a time limit', async () => {
    const result = await runInProcess(['decode', 'janko-002.txt', '-', '--format', 'json'], { stdin: 's UNKNOWN\n' });
    expect(result.code).toBe(3);
    expect(decodeJson(result.stdout).status).toBe('unknown');
  });
});

describe('decode: invalid models', () => {
  it('a shading that leaves a number twice in a line exits 1 and names the repeat and its cells', async () => {
    // Nothing shaded: row 1 of janko-002 is "3 4 5 5 2", so 5 is unshaded twice there.
    const none = p5.solution.map((row) => row.map(() => 0));
    const [text, json] = await Promise.all([
      runInProcess(['decode', 'janko-002.txt', '-'], { stdin: `${literals(none).join(' ')} 0\n` }),
      runInProcess(['decode', 'janko-002.txt', '-', '--format', 'json'], { stdin: `${literals(none).join(' ')} 0\n` }),
    ]);
    expect(text.code).toBe(1);
    expect(text.stderr).toBe('');
    expect(linesOf(text.stdout).at(-1)).toMatch(
      /^not a solution under convention literal: .*5 is unshaded twice, at row 1, column 3 and row 1, column 4/,
    );
    expect(json.code).toBe(1);
    const r = decodeJson(json.stdout);
    expect(r.status).toBe('invalid');
    expect(r.solution).toEqual(none);
    expect(r.violations).toContain('5 is unshaded twice, at row 1, column 3 and row 1, column 4');
  });

  it('a shading with two shaded neighbours exits 1 and says which shaded cells touch', async () => {
    const puzzle = join(dir, 'latin.txt');
    writeFileSync(puzzle, '1 2\n2 1\n');
    const json = await runInProcess(['decode', puzzle, '-', '--format', 'json'], { stdin: '1 2 -3 -4 0\n' });
    expect(json.code).toBe(1);
    const r = decodeJson(json.stdout);
    expect(r.status).toBe('invalid');
    expect(r.violations).toEqual(['shaded cells touch at row 1, column 1 and row 1, column 2']);
  });

  it('a shading that cuts the unshaded cells apart exits 1 and says which cells are cut off', async () => {
    const puzzle = join(dir, 'latin-2.txt');
    writeFileSync(puzzle, '1 2\n2 1\n');
    const result = await runInProcess(['decode', puzzle, '-'], { stdin: '1 -2 -3 4 0\n' });
    expect(result.code).toBe(1);
    expect(linesOf(result.stdout)).toEqual(['# 2', '2 #', expect.stringMatching(/^not a solution under convention literal: .*cut off/)]);
  });

  it('judges under the convention given: one shaded cell of "1 2 / 2 1" is valid under literal, not under unique-white', async () => {
    const puzzle = join(dir, 'latin-3.txt');
    writeFileSync(puzzle, '1 2\n2 1\n');
    const [literal, uniqueWhite] = await Promise.all([
      runInProcess(['decode', puzzle, '-', '--format', 'json'], { stdin: '1 -2 -3 -4 0\n' }),
      runInProcess(['decode', puzzle, '-', '--format', 'json', '--convention', 'unique-white'], { stdin: '1 -2 -3 -4 0\n' }),
    ]);
    expect(literal.code).toBe(0);
    expect(decodeJson(literal.stdout).status).toBe('valid');
    expect(uniqueWhite.code).toBe(1);
    const r = decodeJson(uniqueWhite.stdout);
    expect(r.status).toBe('invalid');
    expect(r.convention).toBe('unique-white');
    expect(r.violations.length).toBeGreaterThan(0);
  });
});

describe('decode: models that cannot be read', () => {
  it('a model missing a shading variable exits 2 with one line naming the variable and the model source', async () => {
    const lits = literals(p5.solution).filter((l) => Math.abs(l) !== 7);
    const model = join(dir, 'short.txt');
    writeFileSync(model, `${lits.join(' ')} 0\n`);
    const named = await runInProcess(['decode', fixture('janko-002.txt'), 'short.txt'], { cwd: dir });
    expect(named.code).toBe(2);
    expect(named.stdout).toBe('');
    expect(linesOf(named.stderr)).toEqual([expect.stringMatching(/^hitori-sat: short\.txt: the model gives no value for variable 7\b/)]);
  });

  it('a model of a smaller puzzle exits 2 naming the first missing variable', async () => {
    const result = await runInProcess(['decode', 'janko-002.txt', '-'], { stdin: 's SATISFIABLE\nv 1 -2 -3 -4 0\n' });
    expect(result.code).toBe(2);
    expect(linesOf(result.stderr)).toEqual([
      expect.stringMatching(/^hitori-sat: stdin: the model gives no value for variable 5 .*25 cells/),
    ]);
  });

  it('a model with a token that is not a literal exits 2 naming the line', async () => {
    const result = await runInProcess(['decode', 'janko-002.txt', '-'], { stdin: 's SATISFIABLE\nv 1 2 x 0\n' });
    expect(result.code).toBe(2);
    expect(linesOf(result.stderr)).toEqual(['hitori-sat: stdin, line 2: "x" is not a literal']);
  });

  it('an empty model exits 2 and says there is neither a status nor literals', async () => {
    const result = await runInProcess(['decode', 'janko-002.txt', '-'], { stdin: '' });
    expect(result.code).toBe(2);
    expect(linesOf(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^hitori-sat: stdin.*no "s" status line and no literals/);
  });
});
