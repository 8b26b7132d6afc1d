/** `hitori-sat explain <file|->`: the rule engine's solution, one numbered line per deduction, then the verdict. */
import { Command, Option } from 'commander';
import { run } from '../../api/node-run.js';
import type { FormatName } from '../../formats/document.js';
import { explainJson, explainTextParts } from './render.js';
import { explainPictureCells, explainSvg, explainSvgBytes, maxExplainPictureCells } from '../../render/svg.js';
import { refusePngOfCells } from '../../render/png.js';
import { InputError } from '../../control/errors.js';
import { levels, ruleSetNames, type Level, type RuleSet } from '../../api/choices.js';
import { aboutFile, checkOutput, emit, readPuzzle, refuseBinaryOnTerminal, writePicture } from '../../cli/io.js';
import { addBatchOptions, batchHelp, isBatch, runBatchCommand, type BatchCliOptions } from '../../cli/batch.js';
import {
  addColorOption,
  addFromOption,
  addOutputOptions,
  addTimeoutOption,
  chosenOutput,
  exitCodes,
  progressLine,
  useColor,
} from '../../cli/common.js';
import { pictureCheck, outputReserveMs, pictureReserveMs, commandTimeout, workLimitMs } from '../../control/limit.js';

interface ExplainCliOptions extends BatchCliOptions {
  maxLevel: Level;
  techniques: RuleSet;
  assumeUnique: boolean;
  timeout?: number;
  format?: string;
  to?: string;
  output?: string;
  from?: FormatName;
  color?: boolean;
}

const explainExitCodeHelp = `
Exit codes:
  0  solved by the rules
  1  no solution: the rules reach a contradiction
  2  bad input or usage
  3  time limit reached before the rules finished
  4  stuck: the rules alone cannot decide every cell (the partial grid is shown)`;

export function command(): Command {
  const command = new Command('explain')
    .description('solve with human techniques (the rule engine, no SAT) and print every deduction, numbered, then the verdict')
    .argument('<file>', 'puzzle file in any format (see convert --help), a puzz.link URL or Singles game ID, or - for stdin')
    .addOption(
      new Option('--max-level <class>', 'the highest technique level to use (A trivial .. G probing)').choices(levels).default('G'),
    )
    .addOption(
      new Option(
        '--techniques <set>',
        "rule set: all (every technique, extras included; default), thesis (the thesis's rules only), two-sat (2-SAT instead of the Sim-* rules)",
      )
        .choices(ruleSetNames)
        .default('all'),
    )
    .option('--no-assume-unique', 'never use techniques that assume a unique solution (UC)');
  addOutputOptions(command, ['text', 'json', 'svg', 'png']);
  addFromOption(command);
  addColorOption(command);
  addTimeoutOption(command);
  addBatchOptions(command);
  return command.addHelpText('after', `${explainExitCodeHelp}\n${batchHelp}`).action(async (file: string, options: ExplainCliOptions) => {
    if (isBatch(command, file, options)) {
      const { maxLevel, techniques, assumeUnique } = options;
      const timeout = options.timeout === undefined ? {} : { timeoutMs: options.timeout };
      return runBatchCommand(file, { command: 'explain', maxLevel, techniques, assumeUnique, ...timeout }, options);
    }
    const to = chosenOutput(command, options);
    if (options.output !== undefined) checkOutput(options.output, [file]);
    refuseBinaryOnTerminal(to, options.output);
    const puzzle = await readPuzzle(file, options.from, options.timeout);
    const picture = to === 'svg' || to === 'png';
    // What the rules found is written after they stop (a picture drawn): they stop early enough
    // for it, and the process's end, to fit the limit.
    const limit =
      options.timeout === undefined
        ? undefined
        : workLimitMs(
            options.timeout,
            outputReserveMs(options.timeout, puzzle.rows * puzzle.cols) + (picture ? pictureReserveMs(options.timeout) : 0),
          );
    const progress = progressLine();
    const stopped = await run(
      {
        command: 'explain',
        puzzle,
        maxLevel: options.maxLevel,
        techniques: options.techniques,
        assumeUnique: options.assumeUnique,
        ...commandTimeout(limit),
      },
      { onProgress: progress.update },
    )
      // A grid the engine refuses (too many pairs of equal numbers) is named by its file.
      .catch((error: unknown) => {
        throw aboutFile(file, error);
      })
      .finally(() => progress.done());
    // The report names the limit the user gave, not what was left of it after start-up.
    const explained = options.timeout === undefined ? stopped : { ...stopped, timeoutMs: options.timeout };
    if (picture) {
      // Too large a picture is refused by its size, known from the steps, before it is drawn.
      const cells = explainPictureCells(puzzle, explained);
      if (to === 'png') refusePngOfCells(cells);
      else if (cells > maxExplainPictureCells)
        throw new InputError(
          `the picture would draw ${cells.toLocaleString('en-US')} cells (${Math.max(1, explained.result.steps.length).toLocaleString('en-US')} steps of ${puzzle.rows}x${puzzle.cols}), more than the ${maxExplainPictureCells.toLocaleString('en-US')} an SVG draws: write --to text or --to json instead`,
          {},
          '--to svg',
        );
      const pictureOptions = { inputs: [file], timeoutMs: options.timeout };
      // The SVG goes out as the bytes it was written in, never as one string (see explainSvgBytes).
      if (to === 'svg') await emit(options.output, explainSvgBytes(puzzle, explained, pictureCheck(options.timeout)), pictureOptions);
      else await writePicture(explainSvg(puzzle, explained, pictureCheck(options.timeout)), to, options.output, pictureOptions);
    } else
      await emit(
        options.output,
        to === 'json'
          ? [`${JSON.stringify(explainJson(puzzle, explained))}\n`]
          : explainTextParts(puzzle, explained, { color: useColor(options) && options.output === undefined }),
        { inputs: [file], timeoutMs: options.timeout },
      );
    const { result } = explained;
    process.exitCode = result.timedOut
      ? exitCodes.timeout
      : { solved: exitCodes.solved, contradiction: exitCodes.noSolution, stuck: exitCodes.stuck }[result.status];
  });
}
