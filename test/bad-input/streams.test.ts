/**
 * Inputs that never end or never start, through every command that reads a puzzle: a FIFO with
 * no writer (the time limit ends the command), /dev/zero and an endless pipe (the size cap refuses
 * them), stdin from a folder. Each ends with one line on stderr and its exit code; the wall-time
 * bound only catches a hang (it is many times the limit), it measures nothing.
 *
 * What a time limit ends, and what reads stdin, runs as a process. The size cap on /dev/zero
 * without a limit runs in the command host (../cli/in-process.ts): the reader is the same, and
 * it closes the device when it refuses it (a read left going would hold the host, as the
 * process's end would have hidden).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../cli/in-process.js';
import { cliArgv, linesOf, run } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-streams-'));
const fifo = join(dir, 'fifo');
execFileSync('mkfifo', [fifo]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every command that reads a puzzle file, with what it needs besides. */
const readers: readonly (readonly string[])[] = [
  ['solve'],
  ['explain'],
  ['rate'],
  ['hint'],
  ['dimacs'],
  ['convert', '--to', 'json'],
  ['solve', '--batch'],
];

function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(linesOf(stderr), stderr).toEqual([expect.stringMatching(pattern)]);
}

describe('a FIFO with no writer', () => {
  // Side by side: each command waits on the pipe until its limit (nobody writes to it).
  it.concurrent.each(readers.filter((args) => !args.includes('--batch')))(
    '%s ... --timeout 500 ends at the limit: exit 3, one line',
    async (command, ...rest) => {
      const started = performance.now();
      const result = await run([command!, fifo, ...rest, '--timeout', '500'], { cwd: dir, killAfterMs: 30_000 });
      expect(result.code, result.stderr).toBe(3);
      expectOneLine(result.stderr, /^hitori-sat: time limit of 500 ms reached/);
      expect(performance.now() - started).toBeLessThan(20_000);
    },
  );
});

describe('a FIFO read as a batch', () => {
  it('waits for its writer without blocking, then answers its lines', async () => {
    const pending = run(['solve', fifo, '--batch'], { cwd: dir, killAfterMs: 30_000 });
    // The writer comes later, as a producer in a pipeline would.
    await new Promise((resolve) => setTimeout(resolve, 300));
    execFileSync('sh', ['-c', `printf '1 1\\n2 1\\n' > '${fifo}'`]);
    const result = await pending;
    expect(result.code, result.stderr).toBe(0);
    expect(linesOf(result.stdout)).toHaveLength(2);
  });
});

describe('an input that never ends', () => {
  it.each(readers)('%s /dev/zero is refused by the size cap: exit 2, one line', async (command, ...rest) => {
    const result = await runInProcess([command!, '/dev/zero', ...rest], { cwd: dir });
    expect(result.code, result.stderr).toBe(2);
    expectOneLine(result.stderr, /^hitori-sat: \/dev\/zero(, line 1)?: (the input is larger than 64 MiB|a line longer than 16 MiB)/);
  });

  it('an endless pipe on stdin (yes 1) is refused by the size cap: exit 2, one line', async () => {
    const child = spawn(process.execPath, cliArgv(['solve', '-']), { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunk = Buffer.from('1 '.repeat(32_768));
    let open = true;
    child.stdin.on('error', () => {
      open = false;
    });
    const pump = () => {
      while (open && child.stdin.write(chunk));
    };
    child.stdin.on('drain', pump);
    pump();
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    open = false;
    expect(code, stderr).toBe(2);
    expectOneLine(stderr, /^hitori-sat: stdin: the input is larger than 64 MiB/);
  });
});

describe('an input that never ends, under a time limit', () => {
  it.each(readers.filter((args) => !args.includes('--batch')))(
    '%s /dev/zero ... --timeout 100 ends at the limit or the size cap, whichever comes first: one line naming it',
    async (command, ...rest) => {
      const started = performance.now();
      const result = await run([command!, '/dev/zero', ...rest, '--timeout', '100'], { cwd: dir, killAfterMs: 60_000 });
      // 64 MiB of /dev/zero take from half a second to more than one here, so the limit mostly
      // comes first; on a fast machine the cap may. The command reads until then, so the limit is
      // the CPU the run spends; one already spent when the reading starts is met at the first
      // chunk read (src/formats/input.ts), with the same line.
      if (result.code === 2) expectOneLine(result.stderr, /^hitori-sat: \/dev\/zero: the input is larger than 64 MiB/);
      else {
        expect(result.code, result.stderr).toBe(3);
        expectOneLine(result.stderr, /^hitori-sat: time limit of 100 ms reached while reading \/dev\/zero$/);
      }
      expect(performance.now() - started).toBeLessThan(20_000);
    },
  );
});

describe('stdin from a folder', () => {
  it.each([[['solve', '-']], [['solve', '-', '--batch']]])('%j is refused: exit 2, one line', async (args) => {
    // Spawned through a shell so that stdin is the folder itself.
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const sh = spawn('sh', ['-c', `exec "$0" "$@" < /`, process.execPath, ...cliArgv(args)], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      sh.stderr.on('data', (b: Buffer) => {
        stderr += b.toString();
      });
      sh.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.code, result.stderr).toBe(2);
    expectOneLine(result.stderr, /^hitori-sat: stdin: cannot read it: it is a directory/);
  });
});
