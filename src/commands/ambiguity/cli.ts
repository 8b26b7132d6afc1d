/**
 * `hitori-sat ambiguity <file|->`: the ambiguity map of a puzzle, which cells have the same
 * colour in every solution (forced) and which differ between solutions (free), by SAT.
 */
import { Command, Option } from 'commander';
import { run } from '../../api/node-run.js';
import type { FormatName } from '../../formats/document.js';
import { ambiguityJson, ambiguityPicture, ambiguityText } from './render.js';
import { renderSvg } from '../../render/svg.js';
import { aboutFile, checkOutput, emit, readPuzzle } from '../../cli/io.js';
import {
  addConventionOption,
  addFromOption,
  addTimeoutOption,
  chosenOutput,
  exitCodes,
  progressLine,
  type CommonOptions,
} from '../../cli/common.js';
import { commandTimeout } from '../../control/limit.js';
import { readyForLimit } from '../../cli/limit-ready.js';

const targets = ['text', 'json', 'svg'] as const;

interface AmbiguityCliOptions extends Pick<CommonOptions, 'convention' | 'timeout' | 'to' | 'format' | 'output'> {
  from?: FormatName;
}

const ambiguityExitCodeHelp = `
Exit codes:
  0  mapped: unique (every cell forced) or ambiguous (the free cells shown)
  1  no solution
  2  bad input or usage
  3  time limit reached`;

export function command(): Command {
  const command = new Command('ambiguity')
    .description('map where a puzzle is ambiguous: the cells forced to one colour in every solution, and the free ones (SAT backbone)')
    .argument('<file>', 'puzzle file in any format (see convert --help), a puzz.link URL or Singles game ID, or - for stdin')
    .addOption(new Option('--to <format>', 'text (default: the grid, free cells in brackets), json or svg').choices(targets))
    .addOption(new Option('--format <format>', 'the same as --to (its older name)').choices(targets))
    .option('-o, --output <file>', 'write to this file (atomically: complete or not at all) instead of stdout');
  addConventionOption(command);
  addFromOption(command);
  addTimeoutOption(command);
  return command.addHelpText('after', ambiguityExitCodeHelp).action(async (file: string, options: AmbiguityCliOptions) => {
    const to = chosenOutput(command, options);
    if (options.output !== undefined) checkOutput(options.output, [file]);
    readyForLimit(options.timeout, { wasm: true });
    const puzzle = await readPuzzle(file, options.from, options.timeout);
    const progress = progressLine();
    const map = await run(
      { command: 'ambiguity', puzzle, convention: options.convention, ...commandTimeout(options.timeout) },
      { onProgress: progress.update },
    )
      .catch((error: unknown) => {
        throw aboutFile(file, error);
      })
      .finally(() => progress.done());
    const output =
      to === 'json'
        ? `${JSON.stringify(ambiguityJson(puzzle, map))}\n`
        : to === 'svg'
          ? renderSvg(puzzle, ambiguityPicture(puzzle, map))
          : ambiguityText(puzzle, map);
    await emit(options.output, [output], { inputs: [file] });
    process.exitCode = map.status === 'none' ? exitCodes.noSolution : exitCodes.solved;
  });
}
