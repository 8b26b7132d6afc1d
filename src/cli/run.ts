/**
 * Runs the hitori-sat program with the given commands: one-line usage errors, exit codes by error
 * kind, a quiet end when the reader closes the pipe. program.ts passes every command; main.ts
 * passes `solve` alone for a solve, so that a one-shot solve loads none of the other commands.
 */
import { Command, CommanderError } from 'commander';
import { exitCodeHelp, exitCodes, version } from './common.js';

export async function runProgram(commands: readonly Command[]): Promise<void> {
  const program = new Command('hitori-sat')
    .description('Hitori solver on SAT: solves, checks every answer, proves uniqueness, exports DIMACS')
    .version(version)
    .addHelpText('after', exitCodeHelp)
    .exitOverride();
  for (const command of commands) program.addCommand(command);
  // Usage errors as one line, in the same form as every other error.
  const output = {
    outputError: (message: string, write: (text: string) => void) =>
      write(`hitori-sat: ${message.trim().replace(/^error: /, '')} (see --help)\n`),
  };
  program.configureOutput(output);
  for (const command of program.commands) command.exitOverride().configureOutput(output);

  // A reader that closes the pipe early (`| head`) has all it wanted: end quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });

  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    process.exitCode = exitCodeFor(error);
    if (!(error instanceof CommanderError)) process.stderr.write(`hitori-sat: ${oneLine(error)}\n`);
  }
}

/** Exit codes by error kind; commander has printed its own usage errors already. */
function exitCodeFor(error: unknown): number {
  if (error instanceof CommanderError) {
    return error.exitCode === 0 ? 0 : error.code === 'commander.executeSubCommandAsync' ? error.exitCode : exitCodes.badInput;
  }
  const name = (error as Error | undefined)?.name;
  if (name === 'InputError' || name === 'DimacsError') return exitCodes.badInput;
  if (name === 'TimeoutError') return exitCodes.timeout;
  return exitCodes.solverFailure;
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? 'unknown error';
}
