/**
 * `hitori-sat repair <file|-> [--keep FILE] [--max-changes K]`: the fewest number changes that
 * make the puzzle uniquely solvable, keeping a solution, proven minimal up to the bound, with the
 * other minimal change sets.
 */
import { Command, Option } from 'commander';
import { run } from '../api/node-run.js';
import { maxRepairChanges } from '../api/choices.js';
import type { FormatName } from '../formats/document.js';
import { InputError } from '../job/errors.js';
import { repairJson, repairText } from '../render/repair.js';
import { aboutFile, checkOutput, emit, readPuzzle, readSolutionFile, sourceName } from './io.js';
import {
  addFromOption,
  addTimeoutOption,
  chosenOutput,
  commandTimeout,
  exitCodes,
  positiveInteger,
  progressLine,
  wholeNumber,
  type CommonOptions,
} from './common.js';
import { readyForLimit } from './limit-ready.js';

const targets = ['text', 'json'] as const;

interface RepairCliOptions extends Pick<CommonOptions, 'timeout' | 'to' | 'format' | 'output'> {
  from?: FormatName;
  keep?: string;
  maxChanges: number;
  alternatives: number;
}

const repairExitCodeHelp = `
Exit codes:
  0  repaired: minimal change sets listed (none needed when the puzzle is already unique)
  1  no set of at most --max-changes changes works (proven), or none at all can (another
     solution survives every numbering that keeps the kept one)
  2  bad input or usage
  3  time limit reached (how far the proof got is printed)

The rules as written are used. Without --keep the puzzle's first solution is kept (made maximal:
a solution whose shaded cells another solution's contain can never be the only one); a puzzle
with no solution may end with any shading.`;

export function repairCommand(): Command {
  const command = new Command('repair')
    .description('find the fewest number changes that make a puzzle uniquely solvable (proven minimal up to a bound)')
    .argument('<file>', 'puzzle file in any format (see convert --help), a puzz.link URL or Singles game ID, or - for stdin')
    .option(
      '--keep <file>',
      "the solution to keep: a shading file ('#' shaded, '.' unshaded, one line per row) or a `solve --to json` output",
    )
    .option(
      '--max-changes <k>',
      `search up to this many changes (at most ${maxRepairChanges})`,
      wholeNumber('--max-changes', 0, maxRepairChanges),
      3,
    )
    .option(
      '--alternatives <n>',
      'list up to this many minimal change sets, each on other cells',
      positiveInteger('--alternatives', 1000),
      5,
    )
    .addOption(new Option('--to <format>', 'output format (default: text)').choices(targets))
    .addOption(new Option('--format <format>', 'the same as --to (its older name)').choices(targets))
    .option('-o, --output <file>', 'write to this file (atomically: complete or not at all) instead of stdout');
  addFromOption(command);
  addTimeoutOption(command);
  return command.addHelpText('after', repairExitCodeHelp).action(async (file: string, options: RepairCliOptions) => {
    const to = chosenOutput(command, options);
    const inputs = options.keep === undefined ? [file] : [file, options.keep];
    if (options.output !== undefined) checkOutput(options.output, inputs);
    readyForLimit(options.timeout, { wasm: true });
    const puzzle = await readPuzzle(file, options.from, options.timeout);
    const keep = options.keep === undefined ? undefined : await readSolutionFile(options.keep, puzzle, 'keep');
    const progress = progressLine();
    const result = await run(
      {
        command: 'repair',
        puzzle,
        ...(keep === undefined ? {} : { keep }),
        maxChanges: options.maxChanges,
        alternatives: options.alternatives,
        ...commandTimeout(options.timeout),
      },
      { onProgress: progress.update },
    )
      .catch((error: unknown) => {
        // A shading to keep that breaks rule 2 or 3 is named by its own file.
        throw error instanceof InputError && options.keep !== undefined && error.source === 'keep'
          ? new InputError(error.problem, error.place, sourceName(options.keep))
          : aboutFile(file, error);
      })
      .finally(() => progress.done());
    await emit(options.output, [to === 'json' ? `${JSON.stringify(repairJson(puzzle, result))}\n` : repairText(puzzle, result)], {
      inputs,
    });
    process.exitCode = {
      repaired: exitCodes.solved,
      'beyond-bound': exitCodes.noSolution,
      impossible: exitCodes.noSolution,
      timeout: exitCodes.timeout,
    }[result.status];
  });
}
