/** `hitori-sat dimacs <file|->`: the complete CNF, optionally with a solution blocked. */
import { Command } from 'commander';
import { run } from '../../api/node-run.js';
import type { FormatName } from '../../formats/document.js';
import { InputError } from '../../control/errors.js';
import { aboutFile, checkOutput, emit, heldOutputTooLarge, maxHeldBytes, readPuzzle, readSolutionFile, sourceName } from '../../cli/io.js';
import { readyForLimit } from '../../cli/limit-ready.js';
import { addConventionOption, addFromOption, addTimeoutOption, type CommonOptions } from '../../cli/common.js';
import { commandTimeout } from '../../control/limit.js';

const dimacsExitCodeHelp = `
Exit codes:
  0  the CNF was written
  2  bad input or usage (also: a grid too large for the layered CNF, an output that cannot be
     written, a --block shading that is not a solution)
  3  time limit reached (nothing written; an existing -o file is left as it was)`;

interface DimacsCliOptions extends Pick<CommonOptions, 'convention' | 'timeout'> {
  output?: string;
  block?: string;
  from?: FormatName;
}

export function command(): Command {
  const command = new Command('dimacs')
    .description('write the complete CNF (uniqueness pairs, non-adjacency, distance-layer connectivity) in DIMACS')
    .argument('<file>', 'puzzle file in any format (see convert --help), a puzz.link URL or Singles game ID, or - for stdin')
    .option('-o, --output <file>', 'write to this file (replaced only once complete) instead of stdout')
    .option(
      '--block <solution.json>',
      'add the clause that forbids the solution in this `solve --format json` output: UNSATISFIABLE then proves it unique',
    );
  addConventionOption(command);
  addFromOption(command);
  addTimeoutOption(command);
  return command.addHelpText('after', dimacsExitCodeHelp).action(async (file: string, options: DimacsCliOptions) => {
    readyForLimit(options.timeout);
    const inputs = options.block === undefined ? [file] : [file, options.block];
    if (options.output !== undefined) checkOutput(options.output, inputs);
    const puzzle = await readPuzzle(file, options.from, options.timeout);
    const block = options.block === undefined ? undefined : await readSolutionFile(options.block, puzzle, 'block');
    const cnf = await run({
      command: 'dimacs',
      puzzle,
      convention: options.convention,
      ...(block === undefined ? {} : { block, blockSource: sourceName(options.block!) }),
      ...commandTimeout(options.timeout),
    }).catch((error: unknown) => {
      // A shading to block that is not a solution is named by its own file.
      throw error instanceof InputError && options.block !== undefined && error.source === sourceName(options.block)
        ? error
        : aboutFile(file, error);
    });
    // Under a time limit stdout gets the text only once all of it is made, held back up to a
    // bound: a text known to pass it is refused before it is made (a layered 50x50: 400 MB of
    // text, 2.4 GB of memory on its way to the refusal).
    if (options.output === undefined && options.timeout !== undefined && cnf.bytes() > maxHeldBytes) throw heldOutputTooLarge();
    await emit(options.output, cnf.chunks(), { inputs, timeoutMs: options.timeout });
  });
}
