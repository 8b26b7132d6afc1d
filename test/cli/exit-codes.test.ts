/**
 * The README's exit-code table, held to account: every code it lists for a command is produced
 * by that command on an input made for it, and every code a scenario here produces is one the
 * table lists. The table is read from README.md itself, so a row added or changed there without
 * a scenario fails this test. Whatever the code, no run prints a stack trace, and a code 2 is
 * one line on stderr.
 *
 * The scenarios run in the host that runs many commands (in-process.ts): the same entry sets the
 * same code and ends the same way (process.exit once the output is written and the worker
 * threads have exited), without a process start each. The external solver's failures (a program
 * the command starts) run as processes. That a process ends with the code its command set is
 * seen in the other tests' processes (exit.test.ts: with worker threads), and that a time limit
 * ends each command's process, counted from its start, in timeouts.test.ts (solve, dimacs,
 * explain, rate, ambiguity, repair, bench, enumerate, maxblack, generate, hint), batch.test.ts
 * and ../bad-input/outputs.test.ts (convert); here a limit is only the way to the code 3.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './in-process.js';
import { fixture, linesOf, repoRoot, run } from './run.js';

let dir: string;

const latin = (n: number) =>
  `${Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => 1 + ((r + c) % n)).join(' ')).join('\n')}\n`;
const record = (id: string, text: string) =>
  JSON.stringify({ id, grid: linesOf(text).map((line) => line.trim().split(/\s+/).map(Number)) });

const files: Record<string, string> = {
  // 1 1 / 2 1: one solution (row 1, column 2 shaded).
  'unique.txt': '1 1\n2 1\n',
  'none.txt': '1 1\n1 1\n',
  'bad.txt': '1 1\n2 x\n',
  // Two solutions; the rule engine (probing included) decides 10 of its 16 cells and is stuck.
  'stuck.txt': '3 4 2 4\n2 3 2 1\n3 1 4 2\n1 2 3 3\n',
  // A Latin square has thousands of solutions: listing them outlasts any short limit.
  'latin20.txt': latin(20),
  'latin40.txt': latin(40),
  // Its layered CNF (about a billion literals) is past every command's limit.
  'latin120.txt': latin(120),
  'model-valid.txt': 's SATISFIABLE\nv -1 2 -3 -4 0\n',
  'model-invalid.txt': 's SATISFIABLE\nv 1 2 -3 -4 0\n',
  'model-incomplete.txt': 's SATISFIABLE\nv -1 0\n',
  'model-unsat.txt': 's UNSATISFIABLE\n',
  'model-unknown.txt': 's UNKNOWN\n',
  'not-a-solution.json': '{"solution": [[1, 1], [0, 0]]}\n',
  'pattern-touching.txt': '##.\n...\n',
  'stuck.jsonl': `${record('stuck', '3 4 2 4\n2 3 2 1\n3 1 4 2\n1 2 3 3\n')}\n`,
  'latin20.jsonl': `${record('latin20', latin(20))}\n`,
  'latin50.jsonl': `${record('latin50', latin(50))}\n`,
  // 1 2 1 2 ... in one row of 100,000: 2.5 billion pairs of equal numbers.
  'row100k.jsonl': `${JSON.stringify({ id: 'row', grid: [Array.from({ length: 100_000 }, (_, c) => 1 + (c % 2))] })}\n`,
  'row100k.json': `${JSON.stringify({ id: 'row', grid: [Array.from({ length: 100_000 }, (_, c) => 1 + (c % 2))] })}\n`,
  'batch-ok.jsonl': `${record('a', '1 1\n2 1\n')}\n${record('b', '1 1\n1 1\n')}\n`,
  'batch-bad.jsonl': `${record('a', '1 1\n2 1\n')}\n{"grid": [[1, 2], [2, x]]}\n`,
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-exit-codes-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Scenario {
  readonly what: string;
  readonly args: readonly string[];
}

/** For each row of the table (its first cell) and each code it lists: the inputs that must give that code. */
const scenarios: Record<string, Record<number, readonly Scenario[]>> = {
  solve: {
    0: [{ what: 'a unique puzzle', args: ['solve', 'unique.txt'] }],
    1: [{ what: 'a puzzle with no solution', args: ['solve', 'none.txt'] }],
    2: [
      { what: 'a letter in the grid', args: ['solve', 'bad.txt'] },
      { what: 'a grid too large for the layered CNF', args: ['solve', 'latin120.txt', '--engine', 'sat', '--connectivity', 'layers'] },
      { what: 'an unknown option', args: ['solve', 'unique.txt', '--no-such-option'] },
    ],
    3: [
      {
        what: 'the SAT engine listing solutions',
        args: ['solve', 'latin20.txt', '--engine', 'sat', '--count', '100000', '--timeout', '200'],
      },
      { what: 'MiniSat in its worker', args: ['solve', 'latin20.txt', '--backend', 'minisat', '--count', '100000', '--timeout', '200'] },
    ],
    4: [{ what: 'the rule engine stuck', args: ['solve', 'stuck.txt', '--engine', 'rules'] }],
    5: [
      { what: 'a solver binary that answers nothing', args: ['solve', 'unique.txt', '--engine', 'sat', '--solver-cmd', 'false'] },
      { what: 'a solver binary that is missing', args: ['solve', 'unique.txt', '--engine', 'sat', '--solver-cmd', '/nonexistent/solver'] },
    ],
  },
  dimacs: {
    0: [{ what: 'a CNF written', args: ['dimacs', 'unique.txt'] }],
    2: [
      { what: 'a letter in the grid', args: ['dimacs', 'bad.txt'] },
      { what: 'a grid too large', args: ['dimacs', 'latin120.txt'] },
      { what: 'an output that cannot be written', args: ['dimacs', 'unique.txt', '-o', 'no-such-folder/out.cnf'] },
      { what: 'a --block shading that is not a solution', args: ['dimacs', 'unique.txt', '--block', 'not-a-solution.json'] },
    ],
    3: [{ what: 'building a 40x40 CNF', args: ['dimacs', 'latin40.txt', '-o', 'latin40.cnf', '--timeout', '50'] }],
  },
  decode: {
    0: [{ what: 'a valid model', args: ['decode', 'unique.txt', 'model-valid.txt'] }],
    1: [
      { what: 'a model that is not a solution', args: ['decode', 'unique.txt', 'model-invalid.txt'] },
      { what: 'UNSATISFIABLE', args: ['decode', 'unique.txt', 'model-unsat.txt'] },
    ],
    2: [
      { what: 'an incomplete model', args: ['decode', 'unique.txt', 'model-incomplete.txt'] },
      { what: 'a bad puzzle', args: ['decode', 'bad.txt', 'model-valid.txt'] },
    ],
    3: [{ what: "the solver's UNKNOWN", args: ['decode', 'unique.txt', 'model-unknown.txt'] }],
  },
  explain: {
    0: [{ what: 'solved by the rules', args: ['explain', 'unique.txt'] }],
    1: [{ what: 'a contradiction', args: ['explain', 'none.txt'] }],
    2: [{ what: 'a letter in the grid', args: ['explain', 'bad.txt'] }],
    // The rule engine's seconds on a 50x50 cannot fit in 1 ms on any machine, fast or busy.
    3: [{ what: 'the rule engine on a 50x50', args: ['explain', 'big50.json', '--timeout', '1'] }],
    4: [{ what: 'stuck', args: ['explain', 'stuck.txt'] }],
  },
  rate: {
    0: [{ what: 'rated', args: ['rate', 'unique.txt'] }],
    1: [{ what: 'a contradiction', args: ['rate', 'none.txt'] }],
    2: [{ what: 'a letter in the grid', args: ['rate', 'bad.txt'] }],
    // The rule engine's seconds on a 50x50 cannot fit in 1 ms on any machine, fast or busy.
    3: [{ what: 'the rule engine on a 50x50', args: ['rate', 'big50.json', '--timeout', '1'] }],
    4: [{ what: 'stuck', args: ['rate', 'stuck.txt'] }],
  },
  ambiguity: {
    0: [
      { what: 'a unique puzzle', args: ['ambiguity', 'unique.txt'] },
      { what: 'an ambiguous puzzle', args: ['ambiguity', 'stuck.txt'] },
    ],
    1: [{ what: 'a puzzle with no solution', args: ['ambiguity', 'none.txt'] }],
    2: [
      { what: 'a letter in the grid', args: ['ambiguity', 'bad.txt'] },
      { what: 'a 1x100000 row with billions of pairs of equal numbers', args: ['ambiguity', 'row100k.json'] },
    ],
    // Its search takes seconds.
    3: [{ what: 'a 20x20 Latin square', args: ['ambiguity', 'latin20.txt', '--timeout', '1'] }],
  },
  repair: {
    0: [
      { what: 'a puzzle already unique', args: ['repair', 'unique.txt'] },
      { what: 'an ambiguous puzzle', args: ['repair', 'stuck.txt'] },
    ],
    1: [{ what: 'no repair within the bound', args: ['repair', 'none.txt', '--max-changes', '0'] }],
    2: [
      { what: 'a letter in the grid', args: ['repair', 'bad.txt'] },
      { what: 'a grid too large for its CNF', args: ['repair', 'latin120.txt'] },
      { what: 'a bad --max-changes', args: ['repair', 'unique.txt', '--max-changes', 'x'] },
    ],
    3: [{ what: 'a 20x20 Latin square', args: ['repair', 'latin20.txt', '--timeout', '1'] }],
  },
  // A limit far above what a puzzle takes times each puzzle once: without one, bench times the
  // puzzles solved in under a millisecond again for a second per set (benchmark-pool.ts).
  bench: {
    0: [
      { what: 'every answer correct', args: ['bench', fixture('bench-small.jsonl'), '--warmup', '0', '--timeout', '60000'] },
      // "none" from its counts (its line would need 99,998 of its 100,000 cells shaded), with the default
      // warm-up, which must not try to make puzzles of that size.
      { what: 'a 1x100000 row with billions of pairs of equal numbers', args: ['bench', 'row100k.jsonl', '--timeout', '60000'] },
    ],
    1: [
      {
        what: 'a set whose published answer differs',
        args: ['bench', fixture('bench-wrong.jsonl'), '--warmup', '0', '--timeout', '60000'],
      },
    ],
    2: [
      { what: 'a malformed set', args: ['bench', fixture('bench-bad.jsonl')] },
      {
        what: 'a puzzle too large for the layered CNF',
        args: ['bench', 'latin50.jsonl', '--engine', 'sat', '--connectivity', 'layers', '--warmup', '0'],
      },
    ],
    3: [
      {
        what: 'a puzzle past the limit',
        args: ['bench', 'latin20.jsonl', '--engine', 'sat', '--connectivity', 'layers', '--timeout', '5', '--warmup', '0'],
      },
    ],
    4: [{ what: 'the rule engine stuck', args: ['bench', 'stuck.jsonl', '--engine', 'rules', '--warmup', '0', '--timeout', '60000'] }],
    5: [
      {
        what: "a CNF beyond MiniSat's heap",
        args: ['bench', 'big25.jsonl', '--engine', 'sat', '--backend', 'minisat', '--connectivity', 'layers', '--warmup', '0'],
      },
    ],
  },
  enumerate: {
    0: [{ what: 'counted', args: ['enumerate', '3x3', '--no-histogram', '--jobs', '1'] }],
    2: [{ what: 'a bad size', args: ['enumerate', '0x3'] }],
    3: [{ what: 'a long count', args: ['enumerate', '4x4', '--symbols', '4', '--timeout', '200'] }],
  },
  maxblack: {
    0: [{ what: 'proven', args: ['maxblack', '3x3'] }],
    1: [{ what: 'more than the bound asked for', args: ['maxblack', '9x9', '--at-least', '28'] }],
    2: [{ what: 'a bad size', args: ['maxblack', '0x3'] }],
    3: [{ what: 'a large board', args: ['maxblack', '30x30', '--timeout', '200'] }],
    // The 3x3 record (4 cells) cannot grow at these cuts to 9x9's bound of 27 (a side of 3 is odd without the sharper bound).
    4: [
      { what: 'a shading no cut grows', args: ['maxblack', '--grow', join(repoRoot, 'examples', 'maxblack', '3x3.txt'), '--cuts', '1,1'] },
    ],
  },
  generate: {
    0: [{ what: 'one puzzle', args: ['generate', '5x5', '--seed', '1'] }],
    2: [
      { what: 'a bad size', args: ['generate', '0x5'] },
      { what: 'a pattern with touching shaded cells', args: ['generate', '--pattern', 'pattern-touching.txt'] },
    ],
    3: [{ what: 'many large puzzles', args: ['generate', '30x30', '--count', '100', '--timeout', '300'] }],
  },
  convert: {
    0: [{ what: 'converted', args: ['convert', 'unique.txt', '--to', 'url'] }],
    2: [
      { what: 'a missing file', args: ['convert', 'missing.txt', '--to', 'url'] },
      { what: 'an output that cannot be written', args: ['convert', 'unique.txt', '--to', 'url', '-o', 'no-such-folder/out.txt'] },
    ],
    3: [{ what: 'a picture not drawn within the limit', args: ['convert', 'latin120.txt', '--to', 'svg', '--timeout', '5'] }],
  },
  batch: {
    0: [{ what: 'every line answered', args: ['solve', 'batch-ok.jsonl'] }],
    2: [{ what: 'a bad line', args: ['solve', 'batch-bad.jsonl'] }],
    3: [{ what: 'a line past the limit', args: ['solve', 'latin20.jsonl', '--engine', 'sat', '--count', '100000', '--timeout', '200'] }],
    5: [{ what: 'the solver failed on a line', args: ['solve', 'batch-ok.jsonl', '--engine', 'sat', '--solver-cmd', 'false'] }],
  },
};

/** The per-command table of docs/commands.md (the README links it): for each command named in a row's first cell, the codes whose cells are not empty. */
function readmeTable(): Map<string, number[]> {
  const readme = readFileSync(join(repoRoot, 'docs', 'commands.md'), 'utf8');
  const section = readme.slice(readme.indexOf('**Exit codes and errors**'));
  const rows = linesOf(section.slice(0, section.indexOf('\n\n', section.indexOf('| ---'))))
    .filter((line) => line.startsWith('|') && !line.startsWith('| ---') && !line.startsWith('| command'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const table = new Map<string, number[]>();
  for (const [first, ...cells] of rows) {
    const codes = cells.flatMap((cell, code) => (cell === '' ? [] : [code]));
    // "a batch (...)" is the batch row; otherwise the row names its commands in backquotes.
    const names = first!.startsWith('a batch') ? ['batch'] : [...first!.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
    for (const name of names) table.set(name, codes);
  }
  return table;
}

describe('the per-command exit-code table (docs/commands.md)', () => {
  const table = readmeTable();

  it('names every command, and lists exactly the codes the scenarios here produce', () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(scenarios).sort());
    for (const [name, codes] of table) expect(Object.keys(scenarios[name]!).map(Number), name).toEqual(codes);
  });

  beforeAll(() => {
    // The 50x50 and 25x25 sets' first puzzles: large enough for the rule engine and MiniSat's heap.
    const first = (path: string) => linesOf(readFileSync(join(repoRoot, 'bench', 'sets', path), 'utf8'))[0]!;
    writeFileSync(join(dir, 'big50.json'), first('duydo-mapMyO/hitori_50x50.jsonl'));
    writeFileSync(join(dir, 'big25.jsonl'), `${first('tudelft-smt/hitori_25x25.jsonl')}\n`);
  });

  const cases = Object.entries(scenarios).flatMap(([name, byCode]) =>
    Object.entries(byCode).flatMap(([code, list]) => list.map((s) => [name, Number(code), s.what, s.args] as const)),
  );
  it.each(cases)('%s exits %i on %s', async (_name, code, _what, args) => {
    const asProcess = args.includes('--solver-cmd');
    const result = asProcess ? await run(args, { cwd: dir, killAfterMs: 60_000 }) : await runInProcess(args, { cwd: dir });
    expect(result.code, `stderr: ${result.stderr}`).toBe(code);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    if (code === 2) {
      // Each line a message, or a batch's one-line summary.
      const message = (line: string) => line.startsWith('hitori-sat') || line.startsWith('error') || /^\w+: \d+ puzzles? in /.test(line);
      expect(linesOf(result.stderr).filter(message).length).toBe(linesOf(result.stderr).length);
      // A batch reports its bad lines on stdout and only its summary on stderr; a set names each refusal on its own line.
      if (args[0] !== 'bench' && !args.some((a) => a.endsWith('.jsonl'))) expect(linesOf(result.stderr)).toHaveLength(1);
    }
  });
});
