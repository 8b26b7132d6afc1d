/**
 * Outputs that cannot be written at once, under a time limit: a FIFO with no reader (`-o` waits
 * for one only until the limit), stdout of a command stopped while its output was being made
 * (nothing half-written), a PNG or SVG too slow to draw within the limit (stopped at it, no file),
 * and an output that is the input redirected to stdin (refused, the file kept). Each ends with one
 * line on stderr and its exit code; the wall-time bounds only catch a hang (many times the limit).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svgToPng } from '../../src/render/png.js';
import { runInProcess } from '../cli/in-process.js';
import { cliArgv, fixture, linesOf, repoRoot, run } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-outputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An n x n Latin square: every line holds each number once, so every shading is worth testing and nothing is decided early. */
function latin(n: number): string {
  return `${Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => 1 + ((r + c) % n)).join(' ')).join('\n')}\n`;
}

// A small puzzle: every command's work ends long before the limit, even on a loaded machine.
const puzzle = fixture('janko-002.txt');

function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(linesOf(stderr), stderr).toEqual([expect.stringMatching(pattern)]);
}

/** Every command that writes its result with -o, as it is given one small puzzle. */
const writers: readonly (readonly string[])[] = [
  ['solve', puzzle],
  ['explain', puzzle],
  ['rate', puzzle],
  ['hint', puzzle],
  ['dimacs', puzzle],
  ['convert', puzzle, '--to', 'json'],
  ['generate', '5x5', '--seed', '1'],
];

describe('-o onto a FIFO that no process reads', () => {
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);

  // The line names the pipe when the work was done before the limit; on a loaded machine (CI
  // beside other jobs) start-up and the work itself may take the whole second, and the line then
  // says what the limit stopped. Either way the command ends at the limit. The commands wait side
  // by side (nobody reads the pipe); the reader's test below starts once all have ended.
  it.concurrent.each(writers)(
    '%s ... -o FIFO --timeout 1000 ends at the limit: exit 3, one line (naming the pipe when the work was done)',
    async (command, ...rest) => {
      const started = performance.now();
      const result = await run([command!, ...rest, '-o', fifo, '--timeout', '1000'], { cwd: dir, killAfterMs: 30_000 });
      expect(result.code, result.stderr).toBe(3);
      expectOneLine(
        result.stderr,
        /^hitori-sat: (time limit of 1000 ms reached( with no reader on the pipe .*)?|the time limit was reached .*)$/,
      );
      expect(performance.now() - started).toBeLessThan(20_000);
    },
  );

  it('a reader that comes before the limit gets the whole output', async () => {
    const pending = run(['solve', puzzle, '--to', 'json', '-o', fifo, '--timeout', '20000'], { cwd: dir });
    // The reader comes later, as the next program of a pipeline may.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const read = execFileSync('cat', [fifo], { encoding: 'utf8' });
    const result = await pending;
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(read) as { status: string }).status).toBe('unique');
  });
});

describe('stdout of a command stopped by its limit', () => {
  it('dimacs of a 40x40 grid whose CNF is not made within --timeout 300 writes nothing: exit 3', async () => {
    writeFileSync(join(dir, 'latin40.txt'), latin(40));
    const result = await run(['dimacs', 'latin40.txt', '--timeout', '300'], { cwd: dir, killAfterMs: 60_000 });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).toBe('');
    expectOneLine(result.stderr, /^hitori-sat: time limit of 300 ms reached$/);
  });

  it('dimacs within its limit writes a CNF holding exactly the clauses its header claims', async () => {
    // What it writes is the subject, not its process: in the command host.
    const result = await runInProcess(['dimacs', puzzle, '--timeout', '60000'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n').filter((l) => l !== '' && !l.startsWith('c'));
    const [, , variables, clauses] = lines[0]!.split(' ');
    const body = lines.slice(1);
    expect(body).toHaveLength(Number(clauses));
    for (const clause of body) {
      expect(clause.endsWith(' 0')).toBe(true);
      for (const literal of clause.split(' ').slice(0, -1)) expect(Math.abs(Number(literal))).toBeLessThanOrEqual(Number(variables));
    }
  });
});

const fontsMissing = await svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>').then(
  () => false,
  (error: Error) => /needs a font/.test(error.message),
);

describe('pictures too slow to draw within the limit', () => {
  it.skipIf(fontsMissing)(
    'convert --to png of a 250x250 grid (many seconds of drawing) stops at --timeout 500: exit 3, no file',
    async () => {
      writeFileSync(join(dir, 'latin250.txt'), latin(250));
      const started = performance.now();
      const result = await run(['convert', 'latin250.txt', '--to', 'png', '-o', 'big.png', '--timeout', '500'], {
        cwd: dir,
        killAfterMs: 60_000,
      });
      expect(result.code, result.stderr).toBe(3);
      // On a loaded machine the limit may already pass while the SVG is made, before the drawing.
      expectOneLine(result.stderr, /^hitori-sat: time limit of 500 ms reached( while drawing the PNG)?$/);
      expect(existsSync(join(dir, 'big.png'))).toBe(false);
      expect(performance.now() - started).toBeLessThan(20_000);
    },
  );

  it('explain of a 50x50 --to svg under --timeout 500 ends soon after the limit: exit 3, the picture of the steps so far whole, or one line and no file', async () => {
    const big = readFileSync(join(repoRoot, 'bench', 'sets', 'duydo-mapMyO', 'hitori_50x50.jsonl'), 'utf8').split('\n')[0]!;
    writeFileSync(join(dir, 'big50.json'), big);
    const started = performance.now();
    const result = await run(['explain', 'big50.json', '--to', 'svg', '-o', 'steps.svg', '--timeout', '500'], {
      cwd: dir,
      killAfterMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(3);
    // How many steps fit in the limit depends on the machine's load: their picture is drawn within
    // the limit's slack, or not at all.
    if (existsSync(join(dir, 'steps.svg'))) {
      expect(result.stderr).toBe('');
      expect(readFileSync(join(dir, 'steps.svg'), 'utf8')).toMatch(/<\/svg>\n$/);
    } else expectOneLine(result.stderr, /^hitori-sat: time limit of 500 ms reached( while drawing the picture)?$/);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('convert --to svg of a 1000x1000 grid stops at --timeout 300: exit 3, no file', async () => {
    writeFileSync(join(dir, 'latin1000.txt'), latin(1000));
    const result = await run(['convert', 'latin1000.txt', '--to', 'svg', '-o', 'big.svg', '--timeout', '300'], {
      cwd: dir,
      killAfterMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(3);
    expectOneLine(result.stderr, /^hitori-sat: time limit of 300 ms reached$/);
    expect(existsSync(join(dir, 'big.svg'))).toBe(false);
  });

  it('rate of a 1000x1000 grid whose set-up outlasts --timeout 300 names the limit it was given: exit 3, one line', async () => {
    writeFileSync(join(dir, 'latin1000.txt'), latin(1000));
    const result = await run(['rate', 'latin1000.txt', '--timeout', '300'], { cwd: dir, killAfterMs: 60_000 });
    expect(result.code, result.stderr).toBe(3);
    expectOneLine(result.stderr, /^hitori-sat: time limit of 300 ms reached$/);
  });
});

describe('an output that is the input, given on stdin', () => {
  it('solve - -o FILE < FILE is refused before anything is written: exit 2, one line, the file kept', async () => {
    const file = join(dir, 'same.txt');
    const text = readFileSync(puzzle, 'utf8');
    writeFileSync(file, text);
    // Through a shell, so that stdin is the file itself.
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const sh = spawn('sh', ['-c', 'exec "$0" "$@" < same.txt', process.execPath, ...cliArgv(['solve', '-', '-o', 'same.txt'])], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      sh.stderr.on('data', (b: Buffer) => {
        stderr += b.toString();
      });
      sh.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.code, result.stderr).toBe(2);
    expectOneLine(result.stderr, /^hitori-sat: same\.txt: cannot write it: it is the file on stdin, which the output would overwrite$/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
