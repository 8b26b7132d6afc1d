/**
 * `hitori-sat maxblack RxC`: the largest number of shaded cells in a valid shading of an R x C
 * board, proven (a shading meeting the edge-counting bound, or SAT: a shading with k,
 * unsatisfiable with k + 1), with the pattern drawn. `--at-least K` asks only for a shading with
 * K or more (the search aimed at the bound), `--construct` builds one directly for a large square
 * board, `--check FILE` judges a shading file (examples/maxblack/).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { InputError } from '../formats/input-error.js';
import { maxBlack, maxBlackConnectivities, type MaxBlackConnectivity } from '../generate/maxblack.js';
import { maxBlackAtLeast } from '../generate/maxblack-aimed.js';
import { constructShading } from '../generate/maxblack-construct.js';
import { formatShadingFile, judgeShading, parseShadingFile } from '../generate/maxblack-shading.js';
import { maxBlackJson, maxBlackText } from '../render/maxblack.js';
import { addFormatOption, addTimeoutOption, boardSize, exitCodes, progressLine, remainingTimeout, type OutputFormat } from './common.js';
import { readInput } from './io.js';

interface MaxBlackCliOptions {
  connectivity: MaxBlackConnectivity;
  timeout?: number;
  format: OutputFormat;
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
  addFormatOption(command);
  return command
    .addHelpText('after', maxBlackExitCodeHelp)
    .action(async (size: { rows: number; cols: number } | undefined, options: MaxBlackCliOptions) => {
      const json = options.format === 'json';
      if (options.check !== undefined) {
        const text = readInput(options.check);
        let file: ReturnType<typeof parseShadingFile>;
        try {
          file = parseShadingFile(text);
        } catch (error) {
          throw new InputError((error as Error).message, {}, options.check);
        }
        const verdict = judgeShading(file);
        process.stdout.write(
          json
            ? `${JSON.stringify(verdict)}\n`
            : `${verdict.rows}x${verdict.cols}: ${verdict.valid ? 'valid' : `not valid (${verdict.problem})`}, ${verdict.shaded} shaded cells, upper bound ${verdict.bound}${verdict.meetsBound ? ': meets the bound, so the maximum (proven)' : ''}\n`,
        );
        process.exitCode = verdict.valid ? exitCodes.solved : exitCodes.noSolution;
        return;
      }
      if (size === undefined) throw new InputError('maxblack needs a size RxC (or --check FILE)', {}, 'usage');
      if (options.construct) {
        if (size.rows !== size.cols) throw new InputError('--construct builds square boards only', {}, 'usage');
        const r = constructShading(size.rows);
        process.stdout.write(
          json
            ? `${JSON.stringify({ rows: r.n, cols: r.n, shaded: r.value, bound: r.bound, gap: r.bound - r.value, timeMs: Math.round(r.timeMs) })}\n`
            : formatShadingFile(r.n, r.n, r.shading, [
                `${r.n}x${r.n}: ${r.value} shaded cells (constructed, checked), upper bound ${r.bound}, gap ${r.bound - r.value}`,
              ]),
        );
        process.exitCode = exitCodes.solved;
        return;
      }
      const progress = progressLine();
      if (options.atLeast !== undefined) {
        const r = await maxBlackAtLeast(size.rows, size.cols, options.atLeast, {
          ...remainingTimeout(options.timeout),
          onProgress: (message) => progress.update(message),
        });
        progress.done();
        const what =
          r.status === 'found'
            ? `a valid shading with ${r.value} shaded cells (checked); upper bound ${r.bound}${r.value === r.bound ? ': meets it, so the maximum (proven)' : ''}`
            : r.status === 'none'
              ? `no valid shading has ${options.atLeast} shaded cells (${options.atLeast > r.bound ? `above the upper bound ${r.bound}` : 'refuted by SAT'})`
              : `none found with ${options.atLeast} before the time limit (upper bound ${r.bound})`;
        process.stdout.write(
          json
            ? `${JSON.stringify({ rows: r.rows, cols: r.cols, atLeast: r.wanted, status: r.status, shaded: r.value, bound: r.bound, shading: r.shading?.map(Number) ?? null, timeMs: Math.round(r.timeMs) })}\n`
            : r.shading
              ? formatShadingFile(r.rows, r.cols, r.shading, [`${r.rows}x${r.cols}: ${what}`])
              : `${r.rows}x${r.cols}: ${what}\n`,
        );
        process.exitCode = r.status === 'found' ? exitCodes.solved : r.status === 'none' ? exitCodes.noSolution : exitCodes.timeout;
        return;
      }
      const result = await maxBlack(size.rows, size.cols, {
        connectivity: options.connectivity,
        ...remainingTimeout(options.timeout),
        onProgress: (message) => progress.update(message),
      });
      progress.done();
      process.stdout.write(json ? `${JSON.stringify(maxBlackJson(result))}\n` : maxBlackText(result));
      process.exitCode = result.proven ? exitCodes.solved : exitCodes.timeout;
    });
}
