/**
 * `hitori-sat repair <file|-> [--keep FILE] [--max-changes K]`: the fewest number changes that
 * make the puzzle uniquely solvable, over any solution or keeping the one given, proven minimal,
 * with the other minimal change sets; each bound proven is shown on stderr (a terminal).
 */
import { Command, Option } from 'commander';
import { run } from '../../api/node-run.js';
import type { FormatName } from '../../formats/document.js';
import { InputError } from '../../control/errors.js';
import { repairJson, repairText } from './render.js';
import { aboutFile, checkOutput, emit, readPuzzle, readSolutionFile, sourceName } from '../../cli/io.js';
import {
  addFromOption,
  addTimeoutOption,
  chosenOutput,
  exitCodes,
  positiveInteger,
  progressLine,
  wholeNumber,
  type CommonOptions,
} from '../../cli/common.js';
import { commandTimeout } from '../../control/limit.js';
import { readyForLimit } from '../../cli/limit-ready.js';

const targets = ['text', 'json'] as const;

interface RepairCliOptions extends Pick<CommonOptions, 'timeout' | 'to' | 'format' | 'output'> {
  from?: FormatName;
  keep?: string;
  maxChanges?: number;
  alternatives: number;
}

const repairExitCodeHelp = `
Exit codes:
  0  repaired: minimal change sets listed (none needed when the puzzle is already unique)
  1  no set of at most --max-changes changes works (proven), or none at all can
  2  bad input or usage
  3  time limit reached before a repair was found (how far the proof got is printed)

A change gives a cell any number from 1 to K+1 (K the largest on the grid). Without --keep the
fewest is over any solution the repaired puzzle may have (the search picks it); with --keep it
is the fewest that make the given shading the only solution. The output says which was proven.
The rules as written are used.`;

export function command(): Command {
  const command = new Command('repair')
    .description('find the fewest number changes that make a puzzle uniquely solvable (proven minimal)')
    .argument('<file>', 'puzzle file in any format (see convert --help), a puzz.link URL or Singles game ID, or - for stdin')
    .option(
      '--keep <file>',
      "keep this solution (the fewest changes that make it the only one): a shading file ('#' shaded, '.' unshaded, one line per row) or a `solve --to json` output",
    )
    .option(
      '--max-changes <k>',
      'search up to this many changes (default: no bound; the time limit may stop the search first)',
      wholeNumber('--max-changes'),
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
        ...(options.maxChanges === undefined ? {} : { maxChanges: options.maxChanges }),
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
