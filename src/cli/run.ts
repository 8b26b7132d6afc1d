/**
 * Runs the hitori-sat program with the given commands: one-line usage errors, exit codes by error
 * kind, a quiet end when the reader closes the pipe. program.ts passes every command of the table;
 * solve-only.ts and hint-only.ts pass their one command, so that a one-shot solve or hint loads
 * none of the other commands.
 */
import { Command, CommanderError } from 'commander';
import { errorKindOf, exitCodeOf, InputError, TimeoutError } from '../control/errors.js';
import { exitCodeHelp, exitCodes, version } from './common.js';
import { fileProblem } from '../formats/input.js';
import { workersExited } from '../api/jobs.js';

export async function runProgram(commands: readonly Command[]): Promise<void> {
  const program = new Command('hitori-sat')
    .description('Hitori solver on SAT: solves, checks every answer, proves uniqueness, exports DIMACS')
    .version(version)
    .addHelpText('after', exitCodeHelp)
    .exitOverride();
  for (const command of commands) program.addCommand(command);
  // Usage errors as one line, in the same form as every other error.
  const output = {
    outputError: (message: string, write: (text: string) => void) => write(`hitori-sat: ${usageLine(message)} (see --help)\n`),
  };
  program.configureOutput(output);
  for (const command of program.commands) command.exitOverride().configureOutput(output);

  // A reader that closes the pipe early (`| head`) has all it wanted: end quietly. Any other
  // failure to write stdout (a full disk, /dev/full) is one line and exit code 2.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.stderr.write(`hitori-sat: stdout: cannot write it: ${fileProblem(error.code, error.message, 'no such file')}\n`);
    process.exit(exitCodes.badInput);
  });

  // `help TOPIC` for a topic that is no command: commander prints the whole program's usage (58
  // lines on stderr); a user who mistyped a name, or passed a file, gets one line instead.
  const [first, topic] = process.argv.slice(2);
  if (first === 'help' && topic !== undefined && !program.commands.some((c) => c.name() === topic || c.aliases().includes(topic))) {
    const names = program.commands.map((c) => c.name()).join(', ');
    process.stderr.write(`hitori-sat: help: "${safeLine(topic)}" is not a command (commands: ${names}) (see --help)\n`);
    process.exitCode = exitCodes.badInput;
    return;
  }

  try {
    await program.parseAsync(process.argv);
  } catch (thrown) {
    const error = namedTimeout(writeError(thrown), commands);
    process.exitCode = exitCodeFor(error);
    if (!(error instanceof CommanderError)) process.stderr.write(`hitori-sat: ${oneLine(error)}\n`);
    // A read still waiting (a FIFO with no writer, opened on libuv's threads) would keep the
    // process alive past its time limit: end it, once what was written has had a moment to flush
    // and the workers have exited (ended from inside process.exit(), Node 20 can hang: pool.ts).
    if (errorKindOf(error) === 'timeout') setTimeout(() => void workersExited().then(() => process.exit()), 50).unref();
  }
}

/** A failed synchronous write to stdout (a file on a full disk) surfaces here, as the stream error. */
function writeError(error: unknown): unknown {
  const e = error as NodeJS.ErrnoException;
  if (e?.syscall === 'write' && typeof e.code === 'string')
    return new InputError(`cannot write it: ${fileProblem(e.code, e.message, 'no such file')}`, {}, 'stdout');
  return error;
}

/**
 * A timeout that says only that the limit was reached names the user's `--timeout`: a worker
 * pool's says "time limit reached", and a request's limit may be what was left of `--timeout`
 * for the work (rate's first puzzle: "time limit of 1 ms reached" for `--timeout 300`).
 */
function namedTimeout(error: unknown, commands: readonly Command[]): unknown {
  if (!(error instanceof TimeoutError) || !/^time limit( of \d+ ms)? reached$/.test(error.message)) return error;
  // As commander parsed it: only the command that ran has options set.
  const ms = commands.map((command) => command.opts<{ timeout?: number }>().timeout).find((t) => t !== undefined);
  return ms === undefined ? error : new TimeoutError(`time limit of ${ms} ms reached`);
}

/** Exit codes by error kind; commander has printed its own usage errors already. */
function exitCodeFor(error: unknown): number {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? 0 : error.code === 'commander.executeSubCommandAsync' ? error.exitCode : exitCodes.badInput;
  }
  return exitCodeOf(error);
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return safeLine(message.split('\n')[0] ?? 'unknown error');
}

/**
 * Commander's usage message as one line: its suggestion, which commander puts on a line of its
 * own ("unknown command 'slove'\n(Did you mean solve?)"), joins the line as "(did you mean
 * solve?)". The suggestion is one of the program's own names; anything else, the user's words
 * included, is escaped by safeLine.
 */
function usageLine(message: string): string {
  const text = message.trim().replace(/^error: /, '');
  const suggestion = /\n\(Did you mean (.+)\?\)$/.exec(text);
  if (suggestion === null) return safeLine(text);
  return `${safeLine(text.slice(0, suggestion.index))} (did you mean ${safeLine(suggestion[1]!)}?)`;
}

/** A message without control characters: nothing from the input may drive the terminal (escape codes). */
function safeLine(message: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return message.replace(/[\x00-\x1f\x7f-\x9f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
