/** `hitori-sat convert <file|url|id|-> --to <format>`: rewrite a puzzle in another format, without solving it. */
import { Command, Option } from 'commander';
import { run } from '../../api/node-run.js';
import type { FormatName } from '../../formats/detect.js';
import { refusePngOfCells } from '../../render/png.js';
import { checkOutput, emit, readDocument, refuseBinaryOnTerminal, sourceName, writePicture } from '../../cli/io.js';
import { addFromOption, addTimeoutOption, exitCodes, outputTargets, type OutputTarget } from '../../cli/common.js';
import { commandTimeout, outputReserveMs, workLimitMs } from '../../control/limit.js';
import { errorKindOf, TimeoutError } from '../../control/errors.js';
import { addBatchOptions, batchHelp, isBatch, runBatchCommand, type BatchCliOptions } from '../../cli/batch.js';

interface ConvertCliOptions extends BatchCliOptions {
  timeout?: number;
  to: OutputTarget;
  from?: FormatName;
  output?: string;
}

export function command(): Command {
  const command = new Command('convert')
    .description('rewrite a puzzle in another format (text, json, url, pzprv3, gameid, janko) or draw it (svg, png), without solving it')
    .argument('<file>', 'puzzle file in any format, or a puzz.link URL or Singles game ID, or - for stdin')
    .addOption(new Option('--to <format>', 'output format').choices(outputTargets).makeOptionMandatory())
    .option('-o, --output <file>', 'write to this file (atomically) instead of stdout');
  addFromOption(command);
  addTimeoutOption(command);
  addBatchOptions(command);
  return command
    .addHelpText('after', `${formatHelp}\n${convertExitCodeHelp}\n${batchHelp}`)
    .action(async (file: string, options: ConvertCliOptions) => {
      if (isBatch(command, file, options)) {
        if (options.to === 'png')
          return command.error('error: a batch writes JSON lines, which hold no binary picture: use --to svg', {
            exitCode: exitCodes.badInput,
          });
        return runBatchCommand(
          file,
          { command: 'convert', to: options.to, ...(options.from === undefined ? {} : { from: options.from }) },
          options,
        );
      }
      // A bad output name (a folder, the input itself) fails before the input is read.
      if (options.output !== undefined) checkOutput(options.output, [file]);
      refuseBinaryOnTerminal(options.to, options.output);
      const doc = await readDocument(file, options.from, options.timeout);
      const { rows, cols } = doc.puzzle;
      // A PNG too large for resvg is refused by the grid's size, before the picture is drawn.
      if (options.to === 'png') refusePngOfCells(rows * cols);
      // A picture too large to draw in time is dropped when the limit passes, and ending the
      // process then frees what was drawn (tens of milliseconds per million cells): drawing stops
      // that much early. A text format is made whole (a million cells of JSON: 0.2 s), so it
      // starts only while that much is left.
      const limit = options.timeout === undefined ? undefined : workLimitMs(options.timeout, outputReserveMs(options.timeout, rows * cols));
      const converted = await run({
        command: 'convert',
        puzzle: doc.puzzle,
        ...(doc.solution === undefined ? {} : { solution: doc.solution }),
        ...(doc.marks === undefined ? {} : { marks: doc.marks }),
        to: options.to === 'png' ? 'svg' : options.to,
        ...commandTimeout(limit),
      }).catch((error: unknown) => {
        // The message names the limit the user gave, not the earlier one the drawing kept.
        if (limit !== options.timeout && errorKindOf(error) === 'timeout')
          throw new TimeoutError(`time limit of ${options.timeout} ms reached`);
        throw error;
      });
      const [broken] = converted.answerViolations;
      const { unfinished } = converted;
      if (unfinished !== undefined) {
        const [rule] = unfinished.violations;
        const breaks = rule === undefined ? '' : `, and the marks so far break a rule (${rule.message})`;
        process.stderr.write(
          `hitori-sat: note: the answer in ${sourceName(file)} is unfinished: ${unfinished.marked} of ${unfinished.cells} cells marked${breaks}; it is copied as given\n`,
        );
      } else if (broken !== undefined)
        process.stderr.write(
          `hitori-sat: note: the answer in ${sourceName(file)} is not a solution (${broken.message}); it is copied as given\n`,
        );
      else if (converted.answerDropped)
        process.stderr.write(
          `hitori-sat: note: --to ${options.to} has no place for the answer in ${sourceName(file)}; only the puzzle is written\n`,
        );
      if (options.to === 'svg' || options.to === 'png')
        return writePicture(converted.output, options.to, options.output, { inputs: [file], timeoutMs: options.timeout });
      await emit(options.output, [converted.output], { inputs: [file], timeoutMs: options.timeout });
    });
}

const convertExitCodeHelp = `
Exit codes:
  0  converted
  2  bad input or usage (also an output that cannot be written)
  3  time limit reached (nothing written; a large picture stops while it is drawn)`;

const formatHelp = `
Formats (read: detected, or --from; written: --to):
  text    plain text grid, one row per line           3 3 1 4
  json    JSON object {"grid": [[...]], "solution"?}   {"rows":4,"cols":4,"grid":[[3,3,1,4],...]}
  url     puzz.link / pzprjs URL                      https://puzz.link/p?hitori/4/4/3314432213423432
  pzprv3  pzprjs file, with the answer grid           pzprv3 / hitori / rows / cols / numbers / answer
  gameid  Simon Tatham's Singles game ID              4x4:3314432213423432
  janko   janko.at puzzle file                        begin / puzzle hitori / size 4 / problem / ... / end
  svg     a picture (written only)
  png     the same picture as PNG (written only; a file or a pipe, not a terminal)`;
