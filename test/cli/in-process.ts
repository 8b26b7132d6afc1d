/**
 * Runs the built command in a host process that runs many commands one after another (host.cjs
 * says how), for the tests of what the command prints and which exit code it sets: the same
 * entry, the same bundles and the same output as `run` (run.ts), without a process start per
 * run. A test whose subject is the process (signals, stdio streams, start-up, a time limit that
 * must end the process) uses `run`.
 *
 * One host per test file, started on the first run; runs wait their turn, since a run owns the
 * host's argv, working folder and streams while it lasts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { cliNodeFlags } from '../../bench/lib.js';
import { cliPath, fixturesDir, repoRoot, type RunResult } from './run.js';

interface Answer {
  readonly id: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

interface InProcessOptions {
  /** Text the command reads as stdin; without it stdin is empty. */
  readonly stdin?: string;
  /** Working folder; the fixtures folder unless given. */
  readonly cwd?: string;
  /** Environment variables for the run (set as given, removed where null); the others are the host's. */
  readonly env?: Readonly<Record<string, string | null>>;
}

let host: ChildProcess | undefined;
let nextId = 0;
let queue: Promise<unknown> = Promise.resolve();
const waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();

function started(): ChildProcess {
  if (host !== undefined) return host;
  // The command's Node flags (its first line), then the host, which loads the command.
  const child = spawn(process.execPath, [...cliNodeFlags(cliPath), join(repoRoot, 'test', 'cli', 'host.cjs'), cliPath], {
    // Pipes, as `run` gives the command: no terminal, so no progress line and no colour.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  // The runs' output is captured inside the host; anything else it prints is the host's own failure.
  child.stdout?.pipe(process.stdout);
  child.stderr?.pipe(process.stderr);
  child.on('message', (answer: Answer) => {
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
  });
  child.on('exit', (code, signal) => {
    host = undefined;
    for (const pending of waiting.values()) pending.reject(new Error(`the command host ended (${signal ?? code}) during a run`));
    waiting.clear();
  });
  // Idle, the host holds nothing open: the test worker may end, and the host ends with it.
  child.unref();
  child.channel?.unref();
  host = child;
  return child;
}

function ask(args: readonly string[], options: InProcessOptions): Promise<Answer> {
  const child = started();
  const id = nextId++;
  child.channel?.ref();
  return new Promise<Answer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    child.send({
      id,
      args,
      cwd: options.cwd ?? fixturesDir,
      ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
      ...(options.env === undefined ? {} : { env: options.env }),
    });
  }).finally(() => {
    if (waiting.size === 0) host?.channel?.unref();
  });
}

/** The run's answer, once the runs before it have ended. */
function queued(args: readonly string[], options: InProcessOptions): Promise<Answer> {
  const answer = queue.then(() => ask(args, options));
  queue = answer.catch(() => {});
  return answer;
}

/** Runs `hitori-sat <args>` in the host; resolves as `run` does (signal always null). */
export async function runInProcess(args: readonly string[], options: InProcessOptions = {}): Promise<RunResult> {
  const answer = await queued(args, options);
  return {
    stdout: Buffer.from(answer.stdout, 'base64').toString('utf8'),
    stderr: Buffer.from(answer.stderr, 'base64').toString('utf8'),
    code: answer.code,
    signal: null,
  };
}

/** As runInProcess, with stdout as the bytes the command wrote (a PNG on stdout). */
export async function runInProcessBytes(
  args: readonly string[],
  options: InProcessOptions = {},
): Promise<{ readonly stdout: Buffer; readonly stderr: string; readonly code: number }> {
  const answer = await queued(args, options);
  return { stdout: Buffer.from(answer.stdout, 'base64'), stderr: Buffer.from(answer.stderr, 'base64').toString('utf8'), code: answer.code };
}
