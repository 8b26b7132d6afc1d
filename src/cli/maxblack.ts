/**
 * `hitori-sat maxblack RxC`: the largest number of shaded cells in a valid shading of an R x C
 * board, proven (a shading meeting the edge-counting bound, or SAT: a shading with k,
 * unsatisfiable with k + 1), with the pattern drawn. `--at-least K` asks only for a shading with
 * K or more (the search aimed at the bound), `--construct` builds one directly for a large square
 * board, `--check FILE` judges a shading file (examples/maxblack/).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { maxBlackConnectivities, type MaxBlackConnectivity } from '../api/board-choices.js';
import { run } from '../api/node-run.js';
import { formatShadingFile } from '../generate/maxblack-shading.js';
import { UsageError } from '../job/errors.js';
import { maxBlackJson, maxBlackText } from '../render/maxblack.js';
import { addOutputOptions, addTimeoutOption, boardSize, chosenOutput, commandTimeout, exitCodes, progressLine } from './common.js';
import { checkOutput, emit, readInput, sourceName } from './io.js';

interface MaxBlackCliOptions {
  connectivity: MaxBlackConnectivity;
  timeout?: number;
  to?: string;
  format?: string;
  output?: string;
  atLeast?: number;
  construct?: boolean;
  check?: string;
}

const maxBlackExitCodeHelp = `
Exit codes:
  0  the maximum, proven (--at-least: a shading with K or more; --check: a valid shading)
  1  --at-least: no valid shading has K shaded cells; --check: the shading breaks a rule
  2  bad input or usage
  3  time limit reached: the best shading found is printed, not proven the maximum`;

function count(raw: string): number {
  const k = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(k))
    throw new InvalidArgumentError(`--at-least needs a whole number, got "${raw}"`);
  return k;
}

export function maxBlackCommand(): Command {
  const command = new Command('maxblack')
    .description(
      'the largest number of shaded cells in a valid shading of an RxC board (no two shaded cells touch, the unshaded cells connected), proven by the edge-counting bound or SAT',
    )
    .argument('[size]', 'board size RxC, e.g. 7x7', boardSize)
    .addOption(
      new Option('--connectivity <mode>', 'connectivity: lazy cuts, or the complete distance-layer CNF')
        .choices(maxBlackConnectivities)
        .default('lazy'),
    )
    .option('--at-least <k>', 'only find a shading with k or more shaded cells (SAT with the bound’s border and cycle clauses)', count)
    .option(
      '--construct',
      'build a shading of a large square board directly (lattice and recursion), no SAT; its gap to the bound is printed',
    )
    .option('--check <file>', "judge a shading file ('#' shaded, '.' unshaded, ';' comments): valid, its count, the bound");
  addTimeoutOption(command);
  addOutputOptions(command);
  return command
    .addHelpText('after', maxBlackExitCodeHelp)
    .action(async (size: { rows: number; cols: number } | undefined, options: MaxBlackCliOptions) => {
      const json = chosenOutput(command, options) === 'json';
      if (options.output !== undefined) checkOutput(options.output, options.check === undefined ? [] : [options.check]);
      const print = (text: string) =>
        emit(options.output, [text], { inputs: options.check === undefined ? [] : [options.check], timeoutMs: options.timeout });
      if (options.check !== undefined) {
        const text = await readInput(options.check, options.timeout);
        const answer = await run({ command: 'maxblack', check: text, checkSource: sourceName(options.check) });
        if (answer.mode !== 'check') return;
        const verdict = answer.result;
        await print(
          json
            ? `${JSON.stringify(verdict)}\n`
            : `${verdict.rows}x${verdict.cols}: ${verdict.valid ? 'valid' : `not valid (${verdict.problem})`}, ${verdict.shaded} shaded cells, upper bound ${verdict.bound}${verdict.meetsBound ? ': meets the bound, so the maximum (proven)' : ''}\n`,
        );
        process.exitCode = verdict.valid ? exitCodes.solved : exitCodes.noSolution;
        return;
      }
      if (size === undefined) throw new UsageError('maxblack needs a size RxC (or --check FILE)');
      const progress = progressLine();
      const answer = await run(
        {
          command: 'maxblack',
          ...size,
          ...(options.construct === true
            ? { construct: true as const }
            : { connectivity: options.connectivity, ...(options.atLeast === undefined ? {} : { atLeast: options.atLeast }) }),
          ...commandTimeout(options.timeout),
        },
        { onProgress: progress.update },
      ).finally(() => progress.done());
      if (answer.mode === 'construct') {
        const r = answer.result;
        await print(
          json
            ? `${JSON.stringify({ rows: r.n, cols: r.n, shaded: r.value, bound: r.bound, gap: r.bound - r.value, timeMs: Math.round(r.timeMs) })}\n`
            : formatShadingFile(r.n, r.n, r.shading, [
                `${r.n}x${r.n}: ${r.value} shaded cells (constructed, checked), upper bound ${r.bound}, gap ${r.bound - r.value}`,
              ]),
        );
        process.exitCode = exitCodes.solved;
        return;
      }
      if (answer.mode === 'at-least') {
        const r = answer.result;
        const wanted = r.wanted;
        const what =
          r.status === 'found'
            ? `a valid shading with ${r.value} shaded cells (checked); upper bound ${r.bound}${r.value === r.bound ? ': meets it, so the maximum (proven)' : ''}`
            : r.status === 'none'
              ? `no valid shading has ${wanted} shaded cells (${wanted > r.bound ? `above the upper bound ${r.bound}` : 'refuted by SAT'})`
              : `none found with ${wanted} before the time limit (upper bound ${r.bound})`;
        await print(
          json
            ? `${JSON.stringify({ rows: r.rows, cols: r.cols, atLeast: r.wanted, status: r.status, shaded: r.value, bound: r.bound, shading: r.shading?.map(Number) ?? null, timeMs: Math.round(r.timeMs) })}\n`
            : r.shading
              ? formatShadingFile(r.rows, r.cols, r.shading, [`${r.rows}x${r.cols}: ${what}`])
              : `${r.rows}x${r.cols}: ${what}\n`,
        );
        process.exitCode = r.status === 'found' ? exitCodes.solved : r.status === 'none' ? exitCodes.noSolution : exitCodes.timeout;
        return;
      }
      if (answer.mode !== 'maximum') return;
      const result = answer.result;
      await print(json ? `${JSON.stringify(maxBlackJson(result))}\n` : maxBlackText(result));
      process.exitCode = result.proven ? exitCodes.solved : exitCodes.timeout;
    });
}
