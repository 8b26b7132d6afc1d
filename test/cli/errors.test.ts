/**
 * Bad input and bad usage: every case prints exactly one line on stderr (starting with
 * "hitori-sat" for the command's own errors, "error" for commander's usage errors) that names the
 * problem and where it is, prints nothing on stdout, never shows a stack trace, and exits 2
 * (5 when the named solver program cannot be run).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { fixture, linesOf, type RunResult } from './run.js';
import { runInProcess } from './in-process.js';

let dir: string;

/** Files the cases read, written into a fresh folder that is the command's working directory. */
const files: Record<string, string> = {
  'non-integer.txt': '\n1 2 3\n3 x 1\n2 3 1\n',
  'zero.txt': '1 0\n2 1\n',
  'negative.txt': '1 2\n-3 1\n',
  'float.txt': '1 2.5\n2 1\n',
  'ragged.txt': '1 2 3\n\n2 3\n3 1 2\n',
  'empty.txt': '',
  'blank.txt': '   \n\t\n\r\n\n',
  'truncated.json': '{"grid": [[1, 2],\n  [2, 1]',
  'bad-token.json': '{"grid": [[1, 2],\n [2, x]]}\n',
  'trailing-comma.json': '{"grid": [[1, 2],\n [2, 1]],\n}\n',
  'no-grid.json': '{"rows": 2, "cols": 2}\n',
  'grid-not-rows.json': '{"grid": [1, 2, 3]}\n',
  'rows-disagree.json': '{"rows": 3, "cols": 2, "grid": [[1, 2], [2, 1]]}\n',
  'cols-disagree.json': '{"rows": 2, "cols": 3, "grid": [[1, 2], [2, 1]]}\n',
  'json-float.json': '{"grid": [[1, 2], [2, 1.5]]}\n',
  'json-ragged.json': '{"grid": [[1, 2], [2, 1, 3]]}\n',
  'latin.txt': '1 2\n2 1\n',
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-cli-errors-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  mkdirSync(join(dir, 'a-folder'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The shared promise of every bad input: one line, the right prefix, no stack, nothing on stdout. */
function expectOneErrorLine(expect: ExpectStatic, result: RunResult, code: number, message: RegExp): void {
  const lines = linesOf(result.stderr);
  expect(lines, `stderr was:\n${result.stderr}`).toHaveLength(1);
  expect(lines[0]).toMatch(/^(hitori-sat|error)\b/);
  expect(lines[0]).toMatch(message);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toMatch(/\b\w*Error:/);
  expect(result.stdout).toBe('');
  expect(result.code).toBe(code);
}

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  readonly message: RegExp;
  readonly code?: number;
  readonly stdin?: string;
}

const inputCases: Case[] = [
  {
    name: 'a non-integer value names the file, line, row and column',
    args: ['solve', 'non-integer.txt'],
    message: /^hitori-sat: non-integer\.txt, line 3, row 2, column 2: "x" is not a positive integer$/,
  },
  {
    name: 'a zero names its place and says it is not a positive integer',
    args: ['solve', 'zero.txt'],
    message: /^hitori-sat: zero\.txt, line 1, row 1, column 2: "0" is not a positive integer$/,
  },
  {
    name: 'a negative value names its place',
    args: ['solve', 'negative.txt'],
    message: /^hitori-sat: negative\.txt, line 2, row 2, column 1: "-3" is not a positive integer$/,
  },
  {
    name: 'a decimal fraction names its place',
    args: ['solve', 'float.txt'],
    message: /^hitori-sat: float\.txt, line 1, row 1, column 2: "2\.5" is not a positive integer$/,
  },
  {
    name: 'ragged rows name the short row, its line and the width of row 1',
    args: ['solve', 'ragged.txt'],
    message: /^hitori-sat: ragged\.txt, line 3, row 2: row 2 has 2 values, row 1 has 3$/,
  },
  { name: 'an empty file is reported as having no rows', args: ['solve', 'empty.txt'], message: /^hitori-sat: empty\.txt: no rows/ },
  {
    name: 'a file of blank lines only is reported as having no rows',
    args: ['solve', 'blank.txt'],
    message: /^hitori-sat: blank\.txt: no rows/,
  },
  { name: 'empty stdin is reported as stdin having no rows', args: ['solve', '-'], stdin: '', message: /^hitori-sat: stdin: no rows/ },
  {
    name: 'truncated JSON names the line and column where it stops',
    args: ['solve', 'truncated.json'],
    message: /^hitori-sat: truncated\.json, line 2, column \d+: not valid JSON/,
  },
  {
    name: 'JSON with an unexpected token names the line and column of the token',
    args: ['solve', 'bad-token.json'],
    message: /^hitori-sat: bad-token\.json, line 2, column 6: not valid JSON/,
  },
  {
    name: 'JSON with a trailing comma names the line and column',
    args: ['solve', 'trailing-comma.json'],
    message: /^hitori-sat: trailing-comma\.json, line 3, column 1: not valid JSON/,
  },
  { name: 'JSON without "grid" says a grid is needed', args: ['solve', 'no-grid.json'], message: /^hitori-sat: no-grid\.json: .*"grid"/ },
  {
    name: 'a JSON grid that is not rows of numbers names the row',
    args: ['solve', 'grid-not-rows.json'],
    message: /^hitori-sat: grid-not-rows\.json, row 1: grid row 1 is not a non-empty array$/,
  },
  {
    name: 'JSON "rows" disagreeing with the grid says both numbers',
    args: ['solve', 'rows-disagree.json'],
    message: /^hitori-sat: rows-disagree\.json: "rows" is 3 but the grid has 2$/,
  },
  {
    name: 'JSON "cols" disagreeing with the grid says both numbers',
    args: ['solve', 'cols-disagree.json'],
    message: /^hitori-sat: cols-disagree\.json: "cols" is 3 but the grid has 2$/,
  },
  {
    name: 'a fraction in a JSON grid names its row and column',
    args: ['solve', 'json-float.json'],
    message: /^hitori-sat: json-float\.json, row 2, column 2: 1\.5 is not a positive integer$/,
  },
  {
    name: 'a ragged JSON grid names the row',
    args: ['solve', 'json-ragged.json'],
    message: /^hitori-sat: json-ragged\.json, row 2: grid row 2 has 3 values, row 1 has 2$/,
  },
  {
    name: 'a missing file is named with "no such file"',
    args: ['solve', 'missing.txt'],
    message: /^hitori-sat: missing\.txt: cannot read it: no such file$/,
  },
  {
    name: 'a directory given as the puzzle is named as a directory',
    args: ['solve', 'a-folder'],
    message: /^hitori-sat: a-folder: cannot read it: it is a directory$/,
  },
  {
    name: 'dimacs reports bad input the same way',
    args: ['dimacs', 'zero.txt'],
    message: /^hitori-sat: zero\.txt, line 1, row 1, column 2: "0" is not a positive integer$/,
  },
  {
    name: 'decode reports a bad puzzle the same way',
    args: ['decode', 'ragged.txt', '-'],
    stdin: '1 0\n',
    message: /^hitori-sat: ragged\.txt, line 3, row 2: /,
  },
  {
    name: 'decode reports a missing model file by name',
    args: ['decode', 'latin.txt', 'no-model.out'],
    message: /^hitori-sat: no-model\.out: cannot read it: no such file$/,
  },
];

const usageCases: Case[] = [
  {
    name: 'an unknown option is named',
    args: ['solve', 'latin.txt', '--bogus'],
    message: /^(?:error|hitori-sat): unknown option '--bogus'/,
  },
  { name: 'an unknown command is named', args: ['bogus', 'latin.txt'], message: /^(?:error|hitori-sat): unknown command 'bogus'/ },
  {
    name: 'a mistyped command is named with the likely one, on one clean line',
    args: ['slove', 'latin.txt'],
    message: /^hitori-sat: unknown command 'slove' \(did you mean solve\?\) \(see --help\)$/,
  },
  {
    name: 'a mistyped option is named with the likely one, on one clean line',
    args: ['solve', 'latin.txt', '--engien', 'sat'],
    message: /^hitori-sat: unknown option '--engien' \(did you mean --engine\?\) \(see --help\)$/,
  },
  {
    name: 'control characters of a mistyped command are escaped, not printed',
    args: ['sol\u001b[2Jve', 'latin.txt'],
    message: /^hitori-sat: unknown command 'sol\\u001b\[2Jve' (?:\(did you mean solve\?\) )?\(see --help\)$/,
  },
  {
    name: 'help with a file instead of a command answers in one line naming it',
    args: ['help', '/dev/null'],
    message: /^hitori-sat: help: "\/dev\/null" is not a command \(commands: solve, .*\) \(see --help\)$/,
  },
  { name: 'a missing puzzle argument is named', args: ['solve'], message: /^(?:error|hitori-sat): missing required argument 'file'/ },
  {
    name: '--timeout abc names the option and the value',
    args: ['solve', 'latin.txt', '--timeout', 'abc'],
    message: /^(?:error|hitori-sat): .*--timeout.*"abc"/,
  },
  {
    name: '--timeout 0 names the option and the value',
    args: ['solve', 'latin.txt', '--timeout', '0'],
    message: /^(?:error|hitori-sat): .*--timeout.*"0"/,
  },
  {
    name: '--timeout with a fraction names the option and the value',
    args: ['dimacs', 'latin.txt', '--timeout', '1.5'],
    message: /^(?:error|hitori-sat): .*--timeout.*"1\.5"/,
  },
  {
    name: '--count 0 names the option and the value',
    args: ['solve', 'latin.txt', '--count', '0'],
    message: /^(?:error|hitori-sat): .*--count.*"0"/,
  },
  {
    name: '--count abc names the option and the value',
    args: ['solve', 'latin.txt', '--count', 'abc'],
    message: /^(?:error|hitori-sat): .*--count.*"abc"/,
  },
  {
    name: '--backend external without --solver-cmd says --solver-cmd is needed',
    args: ['solve', 'latin.txt', '--backend', 'external'],
    message: /^(?:error|hitori-sat): --backend external needs --solver-cmd/,
  },
  {
    name: '--solver-cmd with another backend named says they do not go together',
    args: ['solve', 'latin.txt', '--backend', 'minisat', '--solver-cmd', 'cadical'],
    message: /^(?:error|hitori-sat): --solver-cmd goes with --backend external, not minisat\b/,
  },
  {
    name: 'an unknown backend lists the choices',
    args: ['solve', 'latin.txt', '--backend', 'glucose'],
    message:
      /^(?:error|hitori-sat): option '--backend <name>' argument 'glucose' is invalid\. Allowed choices are cadical, minisat, external/,
  },
  {
    name: '--convention bogus names the option and lists the conventions',
    args: ['solve', 'latin.txt', '--convention', 'bogus'],
    message:
      /^(?:error|hitori-sat): option '--convention <name>' argument 'bogus' is invalid\. Allowed choices are literal, unique-white, shaded-duplicates/,
  },
  {
    name: 'an unknown output format lists the formats',
    args: ['solve', 'latin.txt', '--format', 'xml'],
    message: /^(?:error|hitori-sat): option '--format <format>' argument 'xml' is invalid/,
  },
  {
    name: 'decode without a model argument names it',
    args: ['decode', 'latin.txt'],
    message: /^(?:error|hitori-sat): missing required argument 'model'/,
  },
];

describe.concurrent('bad puzzle input: one line naming the problem and its place, exit 2', () => {
  for (const c of inputCases) {
    it(c.name, async ({ expect }) => {
      const result = await runInProcess(c.args, { cwd: dir, ...(c.stdin === undefined ? {} : { stdin: c.stdin }) });
      expectOneErrorLine(expect, result, c.code ?? 2, c.message);
    });
  }
});

describe.concurrent('bad usage: one line naming the option or command, exit 2', () => {
  for (const c of usageCases) {
    it(c.name, async ({ expect }) => {
      const result = await runInProcess(c.args, { cwd: dir });
      expectOneErrorLine(expect, result, c.code ?? 2, c.message);
    });
  }
});

// The SAT engine: the default one settles a Latin square's verdict without a solver.
describe.concurrent('solver failures', () => {
  it('--solver-cmd naming a program that does not exist exits 5 with one line naming the program', async ({ expect }) => {
    const result = await runInProcess(['solve', 'latin.txt', '--engine', 'sat', '--solver-cmd', 'no-such-sat-solver-7f3a'], { cwd: dir });
    expectOneErrorLine(expect, result, 5, /^hitori-sat: .*cannot run "no-such-sat-solver-7f3a": no such program/);
  });

  it('--solver-cmd naming a program that prints no model exits 5 with one line saying the answer could not be read', async ({ expect }) => {
    const result = await runInProcess(['solve', 'latin.txt', '--engine', 'sat', '--solver-cmd', 'true'], { cwd: dir });
    expectOneErrorLine(expect, result, 5, /^hitori-sat: .*could not read the answer of "true"/);
  });
});

describe.concurrent('accepted oddities (not errors)', () => {
  it('a text file with a byte order mark and CRLF line ends solves like the plain file', async ({ expect }) => {
    const plain = readFileSync(fixture('janko-002.txt'), 'utf8');
    const windows = join(dir, 'windows.txt');
    writeFileSync(windows, `\uFEFF${plain.replace(/\n/g, '\r\n')}`);
    const [a, b] = await Promise.all([
      runInProcess(['solve', windows, '--format', 'json'], { cwd: dir }),
      runInProcess(['solve', fixture('janko-002.txt'), '--format', 'json']),
    ]);
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    expect((JSON.parse(a.stdout) as { solution: unknown }).solution).toEqual((JSON.parse(b.stdout) as { solution: unknown }).solution);
  });

  it('a JSON file with a byte order mark and CRLF line ends solves like the plain file', async ({ expect }) => {
    const plain = readFileSync(fixture('janko-002.json'), 'utf8');
    const windows = join(dir, 'windows.json');
    writeFileSync(windows, `\uFEFF${plain.replace(/\n/g, '\r\n')}`);
    const result = await runInProcess(['solve', windows, '--format', 'json'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const published = JSON.parse(plain) as { solution: number[][] };
    expect((JSON.parse(result.stdout) as { solution: unknown }).solution).toEqual(published.solution);
  });

  it('tabs and several spaces between values are accepted', async ({ expect }) => {
    const result = await runInProcess(['solve', '-', '--format', 'json'], { stdin: '1\t\t1  \n  2 \t3\n' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('--help prints usage on stdout and exits 0', async ({ expect }) => {
    const result = await runInProcess(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: hitori-sat/);
    expect(result.stdout).toMatch(/Exit codes:/);
    expect(result.stderr).toBe('');
  });
});
