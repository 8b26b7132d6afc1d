/** The hitori-sat program: a thin commander layer over the library (started by main.ts). */
import { Command, CommanderError } from 'commander';
import { benchCommand } from './bench.js';
import { decodeCommand } from './decode.js';
import { dimacsCommand } from './dimacs.js';
import { explainCommand } from './explain.js';
import { generateCommand } from './generate.js';
import { maxBlackCommand } from './maxblack.js';
import { rateCommand } from './rate.js';
import { solveCommand } from './solve.js';
import { enumerateCommand } from './enumerate.js';
import { exitCodeHelp, exitCodes, version } from './common.js';

const program = new Command('hitori-sat')
  .description('Hitori solver on SAT: solves, checks every answer, proves uniqueness, exports DIMACS')
  .version(version)
  .addHelpText('after', exitCodeHelp)
  .exitOverride()
  .addCommand(solveCommand())
  .addCommand(dimacsCommand())
  .addCommand(decodeCommand())
  .addCommand(explainCommand())
  .addCommand(rateCommand())
  .addCommand(benchCommand())
  .addCommand(enumerateCommand())
  .addCommand(generateCommand())
  .addCommand(maxBlackCommand());
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
