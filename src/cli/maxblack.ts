/**
 * `hitori-sat maxblack RxC`: the largest number of shaded cells in a valid shading of an R x C
 * board, proven by SAT (a shading with k, unsatisfiable with k + 1), with the pattern drawn.
 */
import { Command, Option } from 'commander';
import { run } from '../api/node-run.js';
import { maxBlackConnectivities, type MaxBlackConnectivity } from '../api/board-choices.js';
import { maxBlackJson, maxBlackText } from '../render/maxblack.js';
import { checkOutput, emit } from './io.js';
import { addOutputOptions, addTimeoutOption, boardSize, chosenOutput, exitCodes, progressLine, commandTimeout } from './common.js';

interface MaxBlackCliOptions {
  connectivity: MaxBlackConnectivity;
  timeout?: number;
  to?: string;
  format?: string;
  output?: string;
}

const maxBlackExitCodeHelp = `
Exit codes:
  0  the maximum, proven
  2  bad input or usage
  3  time limit reached: the best shading found is printed, not proven the maximum`;

export function maxBlackCommand(): Command {
  const command = new Command('maxblack')
    .description(
      'the largest number of shaded cells in a valid shading of an RxC board (no two shaded cells touch, the unshaded cells connected), proven by SAT',
    )
    .argument('<size>', 'board size RxC, e.g. 7x7', boardSize)
    .addOption(
      new Option('--connectivity <mode>', 'connectivity: lazy cuts, or the complete distance-layer CNF')
        .choices(maxBlackConnectivities)
        .default('lazy'),
    );
  addTimeoutOption(command);
  addOutputOptions(command);
  return command
    .addHelpText('after', maxBlackExitCodeHelp)
    .action(async (size: { rows: number; cols: number }, options: MaxBlackCliOptions) => {
      const to = chosenOutput(command, options);
      if (options.output !== undefined) checkOutput(options.output);
      const progress = progressLine();
      const result = await run(
        { command: 'maxblack', ...size, connectivity: options.connectivity, ...commandTimeout(options.timeout) },
        { onProgress: progress.update },
      ).finally(() => progress.done());
      await emit(options.output, [to === 'json' ? `${JSON.stringify(maxBlackJson(result))}\n` : maxBlackText(result)]);
      process.exitCode = result.proven ? exitCodes.solved : exitCodes.timeout;
    });
}
