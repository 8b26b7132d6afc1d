/** `hitori-sat dimacs <file|->`: the complete CNF, optionally with a solution blocked. */
import { Command } from 'commander';
import { run } from '../api/node-run.js';
import { describeValue } from '../formats/input-error.js';
import { parseJsonText } from '../formats/json.js';
import type { FormatName } from '../formats/document.js';
import { InputError } from '../job/errors.js';
import { shadingFromGrid, type Puzzle } from '../puzzle/puzzle.js';
import { aboutFile, checkOutput, emit, readInput, readPuzzle, sourceName } from './io.js';
import { addConventionOption, addFromOption, addTimeoutOption, commandTimeout, type CommonOptions } from './common.js';

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

export function dimacsCommand(): Command {
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
    const inputs = options.block === undefined ? [file] : [file, options.block];
    if (options.output !== undefined) checkOutput(options.output, inputs);
    const puzzle = await readPuzzle(file, options.from, options.timeout);
    const block = options.block === undefined ? undefined : await readBlockedSolution(options.block, puzzle);
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
    await emit(options.output, cnf.chunks(), { inputs, timeoutMs: options.timeout });
  });
}

/** The `solution` of a `solve --to json` output, checked against the puzzle's size (the request checks it is a solution). */
async function readBlockedSolution(path: string, puzzle: Puzzle): Promise<boolean[]> {
  const source = sourceName(path);
  let report: unknown;
  try {
    report = parseJsonText(await readInput(path));
  } catch (error) {
    throw error instanceof InputError ? error.withSource(source) : error;
  }
  const solution = (report as { solution?: unknown } | null)?.solution;
  if (!Array.isArray(solution))
    throw new InputError('no "solution" to block (expected the output of `solve --format json` with a solution)', {}, source);
  if (solution.length !== puzzle.rows)
    throw new InputError(`the solution has ${solution.length} rows, the puzzle ${puzzle.rows}`, {}, source);
  solution.forEach((row: unknown, r) => {
    if (!Array.isArray(row) || row.length !== puzzle.cols)
      throw new InputError(`solution row ${r + 1} does not have ${puzzle.cols} cells`, { row: r + 1 }, source);
    row.forEach((cell: unknown, c) => {
      if (cell !== 0 && cell !== 1)
        throw new InputError(`solution cell is ${describeValue(cell)}, expected 0 or 1`, { row: r + 1, column: c + 1 }, source);
    });
  });
  return shadingFromGrid(solution as number[][]);
}
