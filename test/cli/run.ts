/**
 * Runs the built command (`node dist/src/cli/hitori-sat.cjs`, which `npm run build` makes; global-setup.ts builds it) as a child
 * process, the way a user does, and collects what it printed and its exit code. For a test whose
 * subject is what the command prints, not its process (signals, stdio, start-up, a time limit
 * that must end it), in-process.ts runs the same command without a process start.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliNodeFlags, cliPath } from '../../bench/lib.js';

export { cliPath };

/** The repository root (this file is test/cli/run.ts). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const fixturesDir = join(repoRoot, 'test', 'cli', 'fixtures');

export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  /** The exit code; null only when the process was killed by a signal. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface RunOptions {
  /** Text written to the command's stdin (then closed); without it stdin is empty. */
  readonly stdin?: string;
  /** Working directory; the fixtures folder unless given. */
  readonly cwd?: string;
  /** Kill the command after this many milliseconds (a safety net; tests never assert timings). */
  readonly killAfterMs?: number;
}

/** Node's arguments that run `hitori-sat <args>` (for a test that spawns the command itself). */
export function cliArgv(args: readonly string[]): string[] {
  // Node's flags from the command's first line, as the shell runs it (see src/cli/hitori-sat.cts).
  return [...cliNodeFlags(cliPath), cliPath, ...args];
}

/** Runs `hitori-sat <args>` and resolves with its stdout, stderr and exit code. */
export function run(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, cliArgv(args), {
      cwd: options.cwd ?? fixturesDir,
      // No terminal: the command then draws no progress line on stderr.
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 30_000);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    // A command that exits before reading its stdin must not fail the test with EPIPE.
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin ?? '');
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code, signal });
    });
  });
}

/** The path of a fixture file (absolute). */
export function fixture(name: string): string {
  return join(fixturesDir, name);
}

/** Whether an executable file exists at `path` (used to skip tests that need /usr/bin/cadical). */
export function hasExecutable(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile() && (statSync(path).mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

export const cadicalBinary = '/usr/bin/cadical';

/** The lines of a text, without the empty string after a final newline. */
export function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A fixture's puzzle and the solution janko.at publishes for it (test/cli/fixtures/<id>.json). */
export interface Published {
  id: string;
  rows: number;
  cols: number;
  grid: number[][];
  solution: number[][];
}

export function published(id: string): Published {
  return JSON.parse(readFileSync(fixture(`${id}.json`), 'utf8')) as Published;
}
