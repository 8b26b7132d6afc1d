/** `hitori-sat dimacs`: the CNF text, -o, --block, a round trip through the cadical binary, never-overwrite. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cadicalBinary, cliArgv, fixture, fixturesDir, hasExecutable, linesOf, run } from './run.js';
import { runInProcess } from './in-process.js';

interface Published {
  rows: number;
  cols: number;
  grid: number[][];
  solution: number[][];
}

const published = (id: string) => JSON.parse(readFileSync(fixture(`${id}.json`), 'utf8')) as Published;

interface ParsedDimacs {
  comments: string[];
  /** Where the header line is among all lines (every line before it must be a comment). */
  headerIndex: number;
  vars: number;
  clauseCount: number;
  clauses: number[][];
}

/** A strict DIMACS reader written for these tests: comments first, one header, clauses closed by 0. */
function parseDimacs(text: string): ParsedDimacs {
  const lines = linesOf(text);
  const headerIndex = lines.findIndex((l) => l.startsWith('p '));
  expect(headerIndex, 'a "p cnf" line').toBeGreaterThan(0);
  const comments = lines.slice(0, headerIndex);
  for (const c of comments) expect(c).toMatch(/^c( |$)/);
  const header = /^p cnf (\d+) (\d+)$/.exec(lines[headerIndex]!);
  expect(header, lines[headerIndex]).not.toBeNull();
  const vars = Number(header![1]);
  const clauseCount = Number(header![2]);
  const clauses: number[][] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    expect(line).toMatch(/^(-?[1-9]\d* )*0$/);
    const lits = line.split(' ').map(Number);
    lits.pop();
    for (const lit of lits) expect(Math.abs(lit)).toBeLessThanOrEqual(vars);
    clauses.push(lits);
  }
  return { comments, headerIndex, vars, clauseCount, clauses };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-cli-dimacs-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('dimacs: the CNF text', () => {
  it('starts with comment lines naming the encoding and the cell of every shading variable, then a header whose counts match the clauses', async () => {
    const p = published('janko-002');
    const result = await runInProcess(['dimacs', 'janko-002.txt']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('c ')).toBe(true);
    const cnf = parseDimacs(result.stdout);
    expect(cnf.comments.some((c) => /encoding:.*connectivity=layers.*convention=literal/.test(c))).toBe(true);
    expect(cnf.comments.some((c) => c.includes('5x5 Hitori'))).toBe(true);
    for (let r = 1; r <= p.rows; r++) {
      for (let c = 1; c <= p.cols; c++) {
        const v = (r - 1) * p.cols + c;
        expect(cnf.comments, `variable ${v}`).toContain(`c var ${v} shaded(${r},${c})`);
      }
    }
    expect(cnf.clauses).toHaveLength(cnf.clauseCount);
    expect(cnf.vars).toBeGreaterThanOrEqual(p.rows * p.cols);
    const used = Math.max(...cnf.clauses.flat().map(Math.abs));
    expect(used).toBe(cnf.vars);
  });

  it('names the convention it encodes in the comments', async () => {
    const result = await runInProcess(['dimacs', 'janko-002.txt', '--convention', 'shaded-duplicates']);
    expect(result.code).toBe(0);
    expect(parseDimacs(result.stdout).comments.some((c) => c.includes('convention=shaded-duplicates'))).toBe(true);
  });

  it('reads the puzzle from stdin when the file is -', async () => {
    const [fromStdin, fromFile] = await Promise.all([
      runInProcess(['dimacs', '-'], { stdin: readFileSync(fixture('janko-002.txt'), 'utf8') }),
      runInProcess(['dimacs', 'janko-002.txt']),
    ]);
    expect(fromStdin.code).toBe(0);
    const a = parseDimacs(fromStdin.stdout);
    const b = parseDimacs(fromFile.stdout);
    expect(a.vars).toBe(b.vars);
    expect(a.clauses).toEqual(b.clauses);
  });

  it('-o writes the same CNF to the file and nothing to stdout, leaving no temporary file', async () => {
    const out = join(dir, 'o-test');
    mkdirSync(out);
    const [toFile, toStdout] = await Promise.all([
      runInProcess(['dimacs', fixture('janko-211.txt'), '-o', join(out, 'p.cnf')]),
      runInProcess(['dimacs', fixture('janko-211.txt')]),
    ]);
    expect(toFile.code).toBe(0);
    expect(toFile.stdout).toBe('');
    expect(toFile.stderr).toBe('');
    expect(readFileSync(join(out, 'p.cnf'), 'utf8')).toBe(toStdout.stdout);
    expect(readdirSync(out)).toEqual(['p.cnf']);
  });

  it('-o replaces an existing file once the new CNF is complete', async () => {
    const out = join(dir, 'replace');
    mkdirSync(out);
    writeFileSync(join(out, 'p.cnf'), 'OLD CONTENT\n');
    const result = await runInProcess(['dimacs', fixture('janko-002.txt'), '-o', join(out, 'p.cnf')]);
    expect(result.code).toBe(0);
    const cnf = parseDimacs(readFileSync(join(out, 'p.cnf'), 'utf8'));
    expect(cnf.clauses).toHaveLength(cnf.clauseCount);
    expect(readdirSync(out)).toEqual(['p.cnf']);
  });
});

describe('dimacs --block', () => {
  it('adds exactly one clause, the one that forbids the solution of `solve --format json`', async () => {
    const p = published('janko-002');
    const solve = await runInProcess(['solve', 'janko-002.txt', '--format', 'json']);
    expect(solve.code).toBe(0);
    const solutionFile = join(dir, 'block-sol.json');
    writeFileSync(solutionFile, solve.stdout);
    const [plain, blocked] = await Promise.all([
      runInProcess(['dimacs', 'janko-002.txt']),
      runInProcess(['dimacs', 'janko-002.txt', '--block', solutionFile]),
    ]);
    expect(blocked.stderr).toBe('');
    expect(blocked.code).toBe(0);
    const a = parseDimacs(plain.stdout);
    const b = parseDimacs(blocked.stdout);
    expect(b.vars).toBe(a.vars);
    expect(b.clauseCount).toBe(a.clauseCount + 1);
    expect(b.clauses).toHaveLength(b.clauseCount);
    expect(b.clauses.slice(0, a.clauses.length)).toEqual(a.clauses);
    const extra = b.clauses.at(-1)!;
    const expected = p.solution.flat().map((shaded, i) => (shaded === 1 ? -(i + 1) : i + 1));
    expect(extra).toEqual(expected);
    expect(b.comments.some((c) => /blocked/.test(c))).toBe(true);
  });

  it('refuses to block a shading that is not a solution (UNSATISFIABLE would prove nothing), exit 2, nothing written', async () => {
    // `1 1 / 1 1` has no solution; blocking a shading of it would leave the CNF unsatisfiable
    // and "prove" a uniqueness that does not exist.
    writeFileSync(join(dir, 'no-solution.txt'), '1 1\n1 1\n');
    writeFileSync(join(dir, 'not-a-solution.json'), '{"solution": [[1, 0], [0, 1]]}\n');
    const out = join(dir, 'blocked-none.cnf');
    const result = await runInProcess(['dimacs', join(dir, 'no-solution.txt'), '--block', join(dir, 'not-a-solution.json'), '-o', out]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(linesOf(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(
      /not-a-solution\.json: the shading to block is not a solution of the puzzle under convention literal \(.+\), so blocking it proves nothing/,
    );
    expect(readdirSync(dir)).not.toContain('blocked-none.cnf');
  });
});

describe('dimacs → cadical binary → decode', () => {
  const roundTrip = join(tmpdir(), `hitori-sat-cli-roundtrip-${process.pid}`);
  afterAll(() => rmSync(roundTrip, { recursive: true, force: true }));

  it('a 17x17 exported, solved by /usr/bin/cadical and decoded gives the published solution, exit 0', async (ctx) => {
    if (!hasExecutable(cadicalBinary)) ctx.skip(`${cadicalBinary} not found (apt-get install cadical to run this test)`);
    mkdirSync(roundTrip, { recursive: true });
    const p = published('janko-037');
    const cnfFile = join(roundTrip, 'p.cnf');
    const exported = await runInProcess(['dimacs', 'janko-037.txt', '-o', cnfFile]);
    expect(exported.code).toBe(0);
    const solver = spawnSync(cadicalBinary, ['-q', cnfFile], { encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(solver.status, solver.stderr).toBe(10);
    expect(solver.stdout).toMatch(/^s SATISFIABLE$/m);
    const modelFile = join(roundTrip, 'p.out');
    writeFileSync(modelFile, solver.stdout);
    const [json, text] = await Promise.all([
      runInProcess(['decode', 'janko-037.txt', modelFile, '--format', 'json']),
      runInProcess(['decode', 'janko-037.txt', modelFile]),
    ]);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const r = JSON.parse(json.stdout) as { status: string; solution: number[][]; violations: string[] };
    expect(r.status).toBe('valid');
    expect(r.solution).toEqual(p.solution);
    expect(r.violations).toEqual([]);
    expect(text.code).toBe(0);
    expect(linesOf(text.stdout).at(-1)).toMatch(/^valid solution under convention literal/);
  });

  it('with the published solution blocked, the binary answers UNSATISFIABLE and decode reports none with exit 1', async (ctx) => {
    if (!hasExecutable(cadicalBinary)) ctx.skip(`${cadicalBinary} not found (apt-get install cadical to run this test)`);
    mkdirSync(roundTrip, { recursive: true });
    const solutionFile = join(roundTrip, 'sol.json');
    const solve = await runInProcess(['solve', 'janko-037.txt', '--format', 'json']);
    expect(solve.code).toBe(0);
    writeFileSync(solutionFile, solve.stdout);
    const cnfFile = join(roundTrip, 'blocked.cnf');
    const exported = await runInProcess(['dimacs', 'janko-037.txt', '--block', solutionFile, '-o', cnfFile]);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const solver = spawnSync(cadicalBinary, ['-q', cnfFile], { encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(solver.status, solver.stderr).toBe(20);
    expect(solver.stdout).toMatch(/^s UNSATISFIABLE$/m);
    const [json, text] = await Promise.all([
      runInProcess(['decode', 'janko-037.txt', '-', '--format', 'json'], { stdin: solver.stdout }),
      runInProcess(['decode', 'janko-037.txt', '-'], { stdin: solver.stdout }),
    ]);
    expect(json.code).toBe(1);
    const r = JSON.parse(json.stdout) as { status: string; solution: unknown };
    expect(r.status).toBe('none');
    expect(r.solution).toBeNull();
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/UNSATISFIABLE/);
  });
});

describe('dimacs never overwrites on failure', () => {
  it('when --block names a bad file, an existing -o target keeps its old content and no temporary file is left', async () => {
    const out = join(dir, 'keep');
    mkdirSync(out);
    writeFileSync(join(out, 'p.cnf'), 'OLD CONTENT\n');
    writeFileSync(join(out, 'bad.json'), '{"solution": [[0, 0, 0');
    writeFileSync(join(out, 'no-solution.json'), '{"status": "none", "solution": null}\n');
    writeFileSync(join(out, 'wrong-size.json'), '{"solution": [[0, 1], [1, 0]]}\n');
    const before = readdirSync(out).sort();
    for (const block of ['bad.json', 'no-solution.json', 'wrong-size.json', 'missing.json']) {
      const result = await runInProcess(['dimacs', fixture('janko-002.txt'), '--block', block, '-o', 'p.cnf'], { cwd: out });
      expect(result.code, block).toBe(2);
      expect(linesOf(result.stderr), block).toHaveLength(1);
      expect(result.stderr, block).toMatch(new RegExp(`^hitori-sat: ${block.replace('.', '\\.')}`));
      expect(readFileSync(join(out, 'p.cnf'), 'utf8'), block).toBe('OLD CONTENT\n');
      expect(readdirSync(out).sort(), block).toEqual(before);
    }
  });

  it('when the time limit passes, an existing -o target keeps its old content and no temporary file is left', async () => {
    const out = join(dir, 'timeout');
    mkdirSync(out);
    writeFileSync(join(out, 'p.cnf'), 'OLD CONTENT\n');
    const result = await run(['dimacs', fixture('janko-037.txt'), '--timeout', '1', '-o', 'p.cnf'], { cwd: out });
    expect(result.code).toBe(3);
    expect(linesOf(result.stderr)).toEqual(['hitori-sat: time limit of 1 ms reached']);
    expect(readFileSync(join(out, 'p.cnf'), 'utf8')).toBe('OLD CONTENT\n');
    expect(readdirSync(out)).toEqual(['p.cnf']);
  });

  it('-o naming an existing directory fails with exit 2, leaves the directory alone and no temporary file behind', async () => {
    const out = join(dir, 'target-is-dir');
    mkdirSync(join(out, 'p.cnf'), { recursive: true });
    writeFileSync(join(out, 'p.cnf', 'inside'), 'x');
    const result = await runInProcess(['dimacs', fixture('janko-002.txt'), '-o', 'p.cnf'], { cwd: out });
    expect(result.code).toBe(2);
    expect(linesOf(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^hitori-sat: p\.cnf: cannot write it/);
    expect(readdirSync(out)).toEqual(['p.cnf']);
    expect(readdirSync(join(out, 'p.cnf'))).toEqual(['inside']);
  });

  it('-o in a folder that does not exist fails with exit 2 and one line naming the target', async () => {
    const out = join(dir, 'no-folder');
    mkdirSync(out);
    const result = await runInProcess(['dimacs', fixture('janko-002.txt'), '-o', 'nowhere/p.cnf'], { cwd: out });
    expect(result.code).toBe(2);
    expect(linesOf(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^hitori-sat: nowhere\/p\.cnf: cannot write it/);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('dimacs into a pipe', () => {
  it('ends quietly, without a stack trace, when the reader closes the pipe early (like `| head -1`)', async () => {
    // The 17x17 CNF is about 3 MB, far more than a pipe buffer, so the command is still writing
    // when the reader goes away after the first chunk.
    const { stderr, code, signal } = await new Promise<{ stderr: string; code: number | null; signal: NodeJS.Signals | null }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, cliArgv(['dimacs', 'janko-037.txt']), {
          cwd: fixturesDir,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const err: Buffer[] = [];
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.stdout.once('data', () => child.stdout.destroy());
        child.stderr.on('data', (b: Buffer) => err.push(b));
        child.on('error', reject);
        child.on('close', (exitCode, exitSignal) => {
          clearTimeout(timer);
          resolve({ stderr: Buffer.concat(err).toString('utf8'), code: exitCode, signal: exitSignal });
        });
      },
    );
    expect(signal).toBeNull();
    expect(stderr, `stderr was:\n${stderr}`).not.toMatch(/^\s+at /m);
    expect(stderr).not.toMatch(/\b\w*Error:/);
    expect(linesOf(stderr).length).toBeLessThanOrEqual(1);
    expect(code).not.toBeNull();
  });
});
