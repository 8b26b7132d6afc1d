/** What the commands share: exit codes, option parsers and choice lists, progress, timeouts. */
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { formatNames } from '../formats/document.js';
import { conventions, type Convention } from '../api/choices.js';
import type { BackendName } from '../api/choices.js';
import { maxTimerMs, shellWords } from '../api/choices.js';
import { exitCodes } from '../control/errors.js';
import { throttled, type ProgressListener } from '../control/progress.js';
import { resolveJobs } from '../api/jobs.js';

/** hitori-sat's version, from package.json (the same path from the modules and from the CLI bundle). */
export const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

export { exitCodes };

/** The program's help: what the codes mean in general; each command's --help lists its own. */
export const exitCodeHelp = `
Exit codes: (each command's --help lists those that apply to it)
  0  done: solved, written, proven
  1  no solution (or the answer checked is not one)
  2  bad input or usage
  3  time limit reached
  4  stuck: the rule engine alone could not decide every cell
  5  the SAT solver failed (backend limit, missing binary)`;

/** `solve`'s own exit codes. */
export const solveExitCodeHelp = `
Exit codes:
  0  solved (unique or multiple solutions)
  1  no solution
  2  bad input or usage (also a grid too large for the chosen encoding)
  3  time limit reached (the solutions found so far are printed)
  4  stuck: the rule engine alone could not decide every cell (--engine rules)
  5  the SAT solver failed (a backend limit, a missing or failing solver binary, its UNKNOWN or an incomplete model)`;

const outputFormats = ['text', 'json'] as const;

/** What `--to` can write: every puzzle format, and a picture (SVG, or the same rasterised as PNG). */
export const outputTargets = [...formatNames, 'svg', 'png'] as const;
export type OutputTarget = (typeof outputTargets)[number];

export function addFromOption(command: Command): Command {
  return command.addOption(new Option('--from <format>', 'input format (default: detected from the text)').choices(formatNames));
}

/**
 * The output options every command that writes has: `--to <format>`, the one output-format
 * option; `--format`, its alias (the older name, kept for scripts); and `-o FILE`, written
 * atomically (complete or not at all, never over an input).
 */
export function addOutputOptions(command: Command, choices: readonly string[] = outputFormats): Command {
  return command
    .addOption(new Option('--to <format>', 'output format (default: text)').choices(choices))
    .addOption(new Option('--format <format>', 'the same as --to (its older name)').choices(choices))
    .option('-o, --output <file>', 'write to this file (atomically: complete or not at all) instead of stdout');
}

/** The output format chosen with --to or its alias --format (both only when they agree), else `text`. */
export function chosenOutput(command: Command, options: { to?: string; format?: string }): string {
  if (options.to !== undefined && options.format !== undefined && options.format !== options.to)
    command.error(`error: --to ${options.to} and --format ${options.format} disagree; give one of them`, { exitCode: exitCodes.badInput });
  return options.to ?? options.format ?? 'text';
}

export interface CommonOptions {
  convention: Convention;
  backend: BackendName;
  solverCmd?: string;
  timeout?: number;
  to?: string;
  format?: string;
  output?: string;
}

/** An option parser for whole numbers from `min` (0 or 1) up to `max`. */
export function wholeNumber(what: string, min: 0 | 1 = 0, max = Number.MAX_SAFE_INTEGER) {
  return (raw: string): number => {
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min)
      throw new InvalidArgumentError(`${what} must be a ${min === 1 ? 'positive ' : ''}whole number, got "${raw}"`);
    if (n > max) throw new InvalidArgumentError(`${what} must be at most ${max}, got ${raw}`);
    return n;
  };
}

export function positiveInteger(what: string, max = Number.MAX_SAFE_INTEGER) {
  return wholeNumber(what, 1, max);
}

/**
 * `--jobs <n>`, the same for every parallel command: worker threads, by default `byDefault` (the
 * cores when undefined), at most the cores (more: a warning, and the cores; see src/pool/job-count.ts).
 */
export function addJobsOption(command: Command, what: string, byDefault?: number | string): Command {
  return command.option('--jobs <n>', `${what} (default ${byDefault ?? 'the cores'}; at most the cores)`, positiveInteger('--jobs'));
}

/** The worker threads for `--jobs` as given (`byDefault` when not, the cores when that is undefined); a request above the cores is capped, with a warning on stderr. */
export function jobsOf(requested: number | undefined, byDefault?: number): number {
  const { jobs, warning } = resolveJobs(requested ?? byDefault);
  if (warning !== undefined) process.stderr.write(`hitori-sat: warning: ${warning}\n`);
  return jobs;
}

/** `--timeout` may not exceed what a Node timer can wait. */
export const maxTimeoutMs = maxTimerMs;

export function addConventionOption(command: Command): Command {
  return command.addOption(new Option('--convention <name>', 'rule convention').choices(conventions).default('literal'));
}

export function addTimeoutOption(command: Command): Command {
  return command.option('--timeout <ms>', 'stop after this many milliseconds (exit code 3)', positiveInteger('--timeout', maxTimeoutMs));
}

// The reserve arithmetic of --timeout lives with the limit (src/control/limit.ts).

/**
 * A progress line on stderr for the one progress event, drawn only when stderr is a terminal, at
 * most ten times a second (`throttled`); `done()` erases it. `update` is a progress listener.
 */
export function progressLine(): { update: ProgressListener; done(): void } {
  // Asked at the first event, not here: the first use of process.stderr makes its stream (with
  // net or tty), ~2 ms that a one-shot solve which reports no progress need not spend.
  let tty: boolean | undefined;
  let shown = false;
  return {
    update: throttled((event) => {
      tty ??= process.stderr.isTTY === true;
      if (!tty) return;
      process.stderr.write(`\r\x1b[2K${event.message.slice(0, (process.stderr.columns || 80) - 1)}`);
      shown = true;
    }),
    done() {
      if (shown) process.stderr.write('\r\x1b[2K');
      shown = false;
    },
  };
}

/** `--solver-cmd` alone means the external backend; with another backend named it is a usage error. */
export function chooseBackend(command: Command, options: Pick<CommonOptions, 'backend' | 'solverCmd'>): BackendName {
  const explicit = command.getOptionValueSource('backend') === 'cli';
  if (options.solverCmd !== undefined) {
    let words: string[] = [];
    try {
      words = shellWords(options.solverCmd);
    } catch (error) {
      command.error(`error: --solver-cmd: ${(error as Error).message}`, { exitCode: exitCodes.badInput });
    }
    if (words.length === 0) command.error('error: --solver-cmd is empty', { exitCode: exitCodes.badInput });
    if (explicit && options.backend !== 'external')
      command.error(`error: --solver-cmd goes with --backend external, not ${options.backend}`, { exitCode: exitCodes.badInput });
    return 'external';
  }
  if (options.backend === 'external')
    command.error('error: --backend external needs --solver-cmd "<solver command>"', { exitCode: exitCodes.badInput });
  return options.backend;
}

/** The largest side `generate` and `maxblack` accept for an R x C board. */
const maxBoardSide = 1000;

/** A parser for a board size "RxC" (also "R×C" or "RXC"), each side from 1 to `maxBoardSide`. */
export function boardSize(raw: string): { rows: number; cols: number } {
  const m = /^\s*(\d+)\s*[xX×]\s*(\d+)\s*$/.exec(raw);
  const rows = Number(m?.[1]);
  const cols = Number(m?.[2]);
  if (!m) throw new InvalidArgumentError(`the size must be RxC, e.g. 17x17, got "${raw}"`);
  if (rows < 1 || cols < 1) throw new InvalidArgumentError(`a board needs at least one row and one column, got "${raw}"`);
  if (rows > maxBoardSide || cols > maxBoardSide) throw new InvalidArgumentError(`each side must be at most ${maxBoardSide}, got "${raw}"`);
  return { rows, cols };
}

/** `--color` forces colour and Unicode in terminal output, `--no-color` turns them off. */
export function addColorOption(command: Command): Command {
  return command
    .option('--color', 'colour and Unicode blocks in text output even when stdout is not a terminal')
    .option('--no-color', 'plain ASCII text output (also when the NO_COLOR environment variable is set)');
}

/**
 * Whether text output gets colour: as `--color`/`--no-color` say, else only when stdout is a
 * terminal and NO_COLOR (https://no-color.org: any non-empty value) is not set.
 */
export function useColor(options: { color?: boolean }): boolean {
  if (options.color !== undefined) return options.color;
  const noColor = process.env['NO_COLOR'];
  return process.stdout.isTTY === true && (noColor === undefined || noColor === '');
}
