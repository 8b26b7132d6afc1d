/**
 * Every case of the bad-input corpus (cases.ts) through every command that reads a puzzle or a
 * model (solve, dimacs, decode, explain, rate, bench), as a user runs them. Each run is either
 * refused (exit 2, nothing on stdout, one stderr line "hitori-sat: <file>, <place>: <problem>")
 * or answered with the verdict the case expects; no run prints a stack trace or exits 5.
 *
 * Two puzzle cases run as processes, as a user runs them: a refused one through a command of the
 * whole program's bundle, an answered one through `solve`'s own bundle; so do one model case and
 * decode's refusal to read stdin twice. The rest run the same command in one host process
 * (../cli/in-process.ts), which prints and exits the same: about 600 process starts took most of
 * the suite's time on a 2-core machine, and none of those cases is about the process (each
 * command runs as a process in its own tests).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../cli/in-process.js';
import { linesOf, run, type RunResult } from '../cli/run.js';
import { bruteForceSolutions, gridOf } from '../support/brute-force.js';
import { type Command, type Content, modelCases, modelPuzzle, type PuzzleCase, puzzleCases, type Refusal } from './cases.js';

let dir: string;
const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

function materialise(path: string, content: Content): void {
  if (typeof content === 'string' || content instanceof Uint8Array) writeFileSync(path, content);
  else if (content.kind === 'directory') mkdirSync(path);
  else if (content.kind === 'fifo') spawnSync('mkfifo', [path]);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hitori-sat-bad-input-'));
  for (const c of puzzleCases) materialise(join(dir, c.file), c.content);
  writeFileSync(join(dir, 'unsat-model.txt'), 's UNSATISFIABLE\n');
  writeFileSync(join(dir, 'model-puzzle.txt'), modelPuzzle);
  for (const [k, c] of modelCases.entries()) materialise(join(dir, `model-${k}`), c.content);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The runs of puzzle cases made as processes (file, command): a refused one and an answered one. */
const asProcess = new Set(['empty.txt dimacs', 'crlf.txt solve']);

/**
 * Runs the command, as a process for the runs in `asProcess`, else in the host; a FIFO gets its
 * text from a writer process while the command reads it.
 */
async function runCase(args: readonly string[], content?: Content, file?: string): Promise<RunResult> {
  let writer: ReturnType<typeof spawn> | undefined;
  if (content !== undefined && typeof content === 'object' && 'kind' in content && content.kind === 'fifo') {
    writer = spawn('sh', ['-c', 'printf "%s" "$1" > "$2"', 'sh', content.text, join(dir, file!)], { stdio: 'ignore' });
  }
  try {
    return file !== undefined && asProcess.has(`${file} ${args[0]}`)
      ? await run(args, { cwd: dir, killAfterMs: 60_000 })
      : await runInProcess(args, { cwd: dir });
  } finally {
    writer?.kill();
  }
}

/** What every run promises, whatever the input. */
function expectClean(result: RunResult, what: string): void {
  expect(result.stderr, what).not.toMatch(/^\s+at /m);
  expect(result.stderr, what).not.toMatch(/\b(Type|Range|Reference|Syntax)Error\b|Maximum call stack|Invalid typed array|Aborted\(\)/);
  // Nothing from the input may reach the terminal raw (escape sequences, NUL bytes).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
  expect(result.stderr, what).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
  expect(result.signal, what).toBeNull();
  expect(result.code, what).not.toBe(5);
}

function expectRefusal(result: RunResult, file: string, refusal: Refusal, what: string): void {
  expectClean(result, what);
  expect(result.code, `${what}\n${result.stderr}`).toBe(2);
  expect(result.stdout, what).toBe('');
  const lines = linesOf(result.stderr);
  expect(lines, `${what}: ${result.stderr}`).toHaveLength(1);
  const line = lines[0]!;
  expect(line.startsWith(`hitori-sat: ${file}`), `${what}: ${line}`).toBe(true);
  expect(line, what).toMatch(refusal.refuse);
  if (refusal.place) expect(line, what).toMatch(new RegExp(`^hitori-sat: ${escapeRegExp(file)}, ${refusal.place.source}[^:]*: `));
  // Cut, not echoed whole: one readable line.
  expect(line.length, what).toBeLessThan(400);
}

/** The verdict by brute force, for a small plain-text grid. */
function bruteVerdict(content: Content): 'unique' | 'multiple' | 'none' {
  if (typeof content !== 'string') throw new Error('brute force needs a plain-text grid');
  const rows = content
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const count = bruteForceSolutions(gridOf(rows)).length;
  return count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const commands: readonly Command[] = ['solve', 'dimacs', 'decode', 'explain', 'rate', 'bench'];

function argsFor(command: Command, c: PuzzleCase): string[] {
  const extra = c.options?.[command] ?? [];
  switch (command) {
    case 'decode':
      return ['decode', c.file, 'unsat-model.txt', ...extra];
    case 'solve':
      return ['solve', c.file, '--format', 'json', ...extra];
    case 'dimacs':
      return ['dimacs', c.file, ...extra];
    default:
      return [command, c.file, ...extra];
  }
}

describe.concurrent('the bad-input corpus', () => {
  it('has at least 60 puzzle cases and a dozen model cases', () => {
    expect(puzzleCases.length).toBeGreaterThanOrEqual(60);
    expect(modelCases.length).toBeGreaterThanOrEqual(12);
  });

  for (const c of puzzleCases) {
    const verdict =
      'refuse' in c.expect ? 'refused with exit 2, one line naming the file, place and problem' : `answered: ${c.expect.answer}`;
    it.skipIf(c.content instanceof Object && 'kind' in c.content && c.content.kind === 'fifo' && !hasMkfifo)(
      `${c.name}: every command ${verdict}`,
      async () => {
        for (const command of commands) {
          const result = await runCase(argsFor(command, c), c.content, c.file);
          const what = `${command} ${c.file}`;
          const own = c.refusedBy?.[command];
          if ('refuse' in c.expect && c.answeredBy?.includes(command)) {
            expectClean(result, what);
            expect(result.code, `${what}: ${result.stderr}`).toBe(0);
            continue;
          }
          if ('refuse' in c.expect) {
            // bench reads JSON Lines: it refuses every bad puzzle too, in its own words when the file is not a set.
            if (command === 'bench') expectRefusal(result, c.file, { refuse: /./ }, what);
            else expectRefusal(result, c.file, c.expect, what);
            continue;
          }
          if (own) {
            expectRefusal(result, c.file, { refuse: own }, what);
            continue;
          }
          expectClean(result, what);
          const answer = c.expect.answer === 'brute' ? bruteVerdict(c.content) : c.expect.answer;
          switch (command) {
            case 'solve':
              expect(JSON.parse(result.stdout).status, what).toBe(answer);
              expect(result.code, what).toBe(answer === 'none' ? 1 : 0);
              break;
            case 'dimacs':
              expect(result.code, `${what}: ${result.stderr}`).toBe(0);
              expect(result.stdout, what).toMatch(/^p cnf \d+ \d+$/m);
              break;
            case 'decode':
              expect(result.code, `${what}: ${result.stderr}`).toBe(1);
              expect(result.stdout, what).toMatch(/UNSATISFIABLE/);
              break;
            case 'explain':
            case 'rate':
              // The rules may get stuck (4), never contradict the verdict.
              expect([0, 1, 4], `${what}: ${result.stderr}`).toContain(result.code);
              if (answer === 'none') expect(result.code, what).not.toBe(0);
              else expect(result.code, what).not.toBe(1);
              break;
            case 'bench':
              // A puzzle file is not a JSON Lines set unless it is one JSON object on a line.
              if (result.code === 2) expectRefusal(result, c.file, { refuse: /./ }, what);
              else expect(result.code, `${what}: ${result.stderr}`).toBe(0);
              break;
          }
        }
      },
    );
  }

  modelCases.forEach((c, k) => {
    const file = `model-${k}`;
    const verdict = 'refuse' in c.expect ? 'is refused with exit 2 and its place' : `exits ${c.expect.exit}`;
    it(`decode: ${c.name} ${verdict}`, async () => {
      // The first as a process, the rest in the host.
      const result =
        k === 0 ? await run(['decode', 'model-puzzle.txt', file], { cwd: dir }) : await runCase(['decode', 'model-puzzle.txt', file]);
      if ('refuse' in c.expect) expectRefusal(result, file, c.expect, `decode ${c.name}`);
      else {
        expectClean(result, c.name);
        expect(result.code, result.stderr).toBe(c.expect.exit);
      }
    });
  });

  it('decode refuses to read stdin twice', async () => {
    const result = await run(['decode', '-', '-'], { cwd: dir, stdin: modelPuzzle });
    expectRefusal(result, 'stdin', { refuse: /the puzzle and the model cannot both be read from stdin/ }, 'decode - -');
  });
});
