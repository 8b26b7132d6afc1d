/**
 * Any DIMACS solver binary (`--solver-cmd "cadical"`). Each solve writes the clauses so far, with
 * the assumptions as unit clauses, to a temporary DIMACS file, runs the command and reads its
 * answer with `parseSolverOutput`.
 *
 * The command is split into words as a POSIX shell would split it (quotes and backslashes; no
 * expansions, and no shell runs: shell-words.ts), so a path with a space can be given quoted.
 * `{cnf}` stands for the DIMACS file and is appended when absent; `{out}` stands for a result file to read instead of stdout (MiniSat writes its model
 * only there: `--solver-cmd "minisat {cnf} {out}"`).
 */
import { accessSync, constants, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Backend, BackendStats, SolveCall, SolveStatus } from '../backend.js';
import { Cnf, type Clause } from '../cnf.js';
import { dimacsChunks, parseSolverOutput, type SolverAnswer } from '../dimacs.js';
import { shellWords } from '../shell-words.js';
import { SolverError } from '../../control/errors.js';
import { Limit } from '../../control/limit.js';

export class ExternalBackend implements Backend {
  readonly name = 'external' as const;
  readonly interruptible = true;
  private readonly cnf = new Cnf();
  private readonly dir: string;
  private answer: SolverAnswer | null = null;
  private calls = 0;
  private solveMs = 0;

  private readonly words: readonly string[];

  constructor(command: string) {
    try {
      this.words = shellWords(command);
    } catch (error) {
      throw new SolverError(`cannot read the solver command: ${(error as Error).message}`, this.name);
    }
    if (this.words.length === 0) throw new SolverError('the solver command is empty', this.name);
    // Checked here, when the backend is opened and before the CNF is built: a missing program
    // would otherwise be found only when it is run, after seconds of encoding.
    const problem = programProblem(this.words[0]!);
    if (problem !== undefined) throw new SolverError(`cannot run "${this.words[0]}": ${problem}`, this.name);
    this.dir = mkdtempSync(join(tmpdir(), 'hitori-sat-'));
  }

  addClause(clause: Clause): void {
    this.cnf.add(Array.from(clause));
  }

  addCnf(cnf: Cnf): void {
    this.cnf.append(cnf);
    // Not a spread: a million-cell grid has a comment per cell, more than the call stack takes.
    if (this.cnf.comments.length === 0) for (const line of cnf.comments) this.cnf.comments.push(line);
  }

  async solve(call: SolveCall = {}): Promise<Exclude<SolveStatus, 'unknown'>> {
    this.answer = null;
    const limit = call.limit ?? Limit.none;
    limit.check();
    const assumptions = call.assumptions ?? [];
    const cnfPath = join(this.dir, `call-${this.calls}.cnf`);
    const outPath = join(this.dir, `call-${this.calls}.out`);
    // Handing over a large CNF (a layered 40x40: 100 MB of text) takes seconds: the limit holds there too.
    await writeChunks(cnfPath, dimacsChunks(this.cnf, assumptions), limit);
    const words = [...this.words];
    if (!words.includes('{cnf}')) words.push('{cnf}');
    const argv = words.map((w) => (w === '{cnf}' ? cnfPath : w === '{out}' ? outPath : w));
    const start = performance.now();
    const run = await runCommand(argv, limit);
    this.solveMs += performance.now() - start;
    this.calls++;
    if (run.timedOut) throw limit.reached('during a SAT call');
    const text = words.includes('{out}') ? readOr(outPath, run.stdout) : run.stdout;
    let answer: SolverAnswer;
    try {
      answer = parseSolverOutput(text, Math.max(this.cnf.numVars, ...assumptions.map((lit) => Math.abs(lit))));
    } catch (error) {
      const hint = run.stderr.trim().split('\n')[0] ?? '';
      throw new SolverError(
        `could not read the answer of "${argv[0]}" (exit code ${run.code}): ${(error as Error).message} (a solver that writes its model to a file needs {out}, e.g. "minisat {cnf} {out}")${hint ? `; it said: ${hint}` : ''}`,
        this.name,
      );
    }
    if (answer.status === 'unknown')
      throw new SolverError(`"${argv[0]}" answered UNKNOWN: it gave up without an answer (a limit of its own?)`, this.name);
    if (answer.status === 'satisfiable') {
      // Every variable must have a value: a truncated model must not read as "false" for the rest.
      const top = Math.max(this.cnf.numVars, ...assumptions.map((lit) => Math.abs(lit)));
      for (let v = 1; v <= top; v++) {
        if ((answer.values[v] ?? 0) === 0)
          throw new SolverError(`the solver's model is incomplete: "${argv[0]}" gave no value for variable ${v} of ${top}`, this.name);
      }
      this.answer = answer;
    }
    return answer.status;
  }

  value(v: number): boolean {
    if (!this.answer) throw new SolverError('no model: the last solve was not satisfiable', this.name);
    return this.answer.values[v] === 1;
  }

  stats(): BackendStats {
    return { variables: this.cnf.numVars, clauses: this.cnf.numClauses, conflicts: null, solveCalls: this.calls, solveMs: this.solveMs };
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Why `program` cannot be run as spawn would run it (a path, or a name looked up on the PATH), or undefined. */
function programProblem(program: string): string | undefined {
  // Windows finds programs by PATHEXT too: spawn's own error stands there.
  if (process.platform === 'win32') return undefined;
  if (program.includes('/')) return executableProblem(program);
  const dirs = (process.env.PATH ?? '').split(delimiter);
  // An empty PATH entry means the current folder, as in a shell.
  if (dirs.some((dir) => executableProblem(join(dir === '' ? '.' : dir, program)) === undefined)) return undefined;
  return 'no such program on the PATH';
}

/** Why the file at `path` is not a program to run, or undefined when it is one. */
function executableProblem(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return 'it is not a file';
    accessSync(path, constants.X_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file' : code === 'EACCES' ? 'it is not executable' : (error as Error).message;
  }
}

/** Writes the chunks to the file; past the limit, its TimeoutError, the file left unfinished. */
async function writeChunks(path: string, chunks: Iterable<string>, limit: Limit): Promise<void> {
  const stream = createWriteStream(path);
  // Listened to from the start: a stream given up at the deadline may still report its failed
  // open (its folder removed meanwhile), which must not end the process as an unhandled error.
  let failed: Error | undefined;
  stream.on('error', (error) => {
    failed ??= error;
  });
  // Whichever comes first takes the other listener off: a CNF of more than ten chunks that each
  // waited for 'drain' left a 'close' listener per wait (Node's MaxListenersExceededWarning).
  const settled = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done).off('close', done);
        resolve();
      };
      stream.once('drain', done).once('close', done);
    });
  for (const chunk of chunks) {
    if (failed !== undefined) throw failed;
    if (limit.expired) {
      stream.destroy();
      throw limit.reached('while the CNF was written for the solver');
    }
    if (!stream.write(chunk)) await settled();
  }
  await new Promise<void>((resolve) => stream.end(resolve));
  if (failed !== undefined) throw failed;
}

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}

interface CommandRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number | null;
  readonly timedOut: boolean;
}

/** Runs the solver program; at the limit's deadline it is killed (`timedOut`). */
async function runCommand(argv: string[], limit: Limit): Promise<CommandRun> {
  const [file, ...args] = argv as [string, ...string[]];
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const cancel = limit.whenPassed(() => {
      timedOut = true;
      child.kill('SIGKILL');
    });
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (error: NodeJS.ErrnoException) => {
      cancel();
      reject(
        new SolverError(
          error.code === 'ENOENT' ? `cannot run "${file}": no such program on the PATH` : `cannot run "${file}": ${error.message}`,
          'external',
        ),
      );
    });
    child.on('close', (code) => {
      cancel();
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code, timedOut });
    });
  });
}
