/**
 * `hitori-sat hint <file|->`: for a puzzle part-way through (a pzprv3 file with the player's
 * marks, as puzz.link saves it) the wrong marks, or else whether it is solved, or else the
 * smallest next deduction from the marks; for a bare puzzle the first one.
 */
import { Command } from 'commander';
import { run } from '../../api/node-run.js';
import type { FormatName } from '../../formats/document.js';
import { hintCommandText, hintJson } from './render.js';
import { aboutFile, checkOutput, emit, readDocument } from '../../cli/io.js';
import { addFromOption, addOutputOptions, addTimeoutOption, chosenOutput, exitCodes, progressLine } from '../../cli/common.js';
import { commandTimeout } from '../../control/limit.js';
import { readyForLimit } from '../../cli/limit-ready.js';

interface HintCliOptions {
  to?: string;
  format?: string;
  output?: string;
  from?: FormatName;
  timeout?: number;
  circleNeighbours?: boolean;
}

const hintExitCodeHelp = `
Exit codes:
  0  a hint: the smallest next deduction, or one cell of the solution where the rules stop;
     or solved: the shaded cells are the solution (cells left unmarked count as unshaded)
  1  no solution fits: the puzzle has none, or some marks are wrong (they are named)
  2  bad input or usage
  3  time limit reached

The marks are read from a pzprv3 file's answer grid ("#" shaded, "+" marked unshaded, "."
not marked), as puzz.link saves a puzzle in progress.`;

export function command(): Command {
  const command = new Command('hint')
    .description('check the marks of a puzzle in progress, then give the next deduction from there')
    .argument('<file>', 'puzzle file in any format (see convert --help), a puzz.link URL or Singles game ID, or - for stdin');
  addOutputOptions(command);
  addFromOption(command);
  addTimeoutOption(command);
  command.option(
    '--circle-neighbours',
    "the board circles a shaded cell's neighbours itself (as puzz.link can): take them as marked unshaded, and prefer steps that shade",
  );
  return command.addHelpText('after', hintExitCodeHelp).action(async (file: string, options: HintCliOptions) => {
    const to = chosenOutput(command, options);
    if (options.output !== undefined) checkOutput(options.output, [file]);
    readyForLimit(options.timeout, { wasm: true });
    const { puzzle, marks } = await readDocument(file, options.from, options.timeout);
    const progress = progressLine();
    const found = await run(
      {
        command: 'hint',
        puzzle,
        ...(marks === undefined ? {} : { marks }),
        ...(options.circleNeighbours === true ? { circleNeighbours: true } : {}),
        ...commandTimeout(options.timeout),
      },
      { onProgress: progress.update },
    )
      .catch((error: unknown) => {
        // A grid the rule engine refuses (too many pairs of equal numbers) is named by its file.
        throw aboutFile(file, error);
      })
      .finally(() => progress.done());
    await emit(
      options.output,
      [to === 'json' ? `${JSON.stringify(hintJson(puzzle, found, marks))}\n` : hintCommandText(puzzle, found, marks)],
      {
        inputs: [file],
        timeoutMs: options.timeout,
      },
    );
    process.exitCode = found.kind === 'no-solution' || found.kind === 'mistakes' ? exitCodes.noSolution : exitCodes.solved;
  });
}
