/**
 * `hitori-sat maxblack RxC`: the largest number of shaded cells in a valid shading of an R x C
 * board, proven (a shading meeting the edge-counting bound, or SAT: a shading with k,
 * unsatisfiable with k + 1), with the pattern drawn. `--at-least K` asks only for a shading with
 * K or more (the search aimed at the bound), `--construct` builds one directly for a large square
 * board, `--check FILE` judges a shading file (examples/maxblack/), `--grow FILE` grows one by six
 * rows and six columns (SAT on strips: how the records of 22x22 to 30x30 were found).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { maxBlackConnectivities, type MaxBlackConnectivity } from '../../api/board-choices.js';
import { run } from '../../api/node-run.js';
import { readShadingText } from '../../api/shading-file.js';
import { UsageError } from '../../control/errors.js';
import { formatShadingFile, maxBlackJson, maxBlackText } from './render.js';
import { addOutputOptions, addTimeoutOption, boardSize, chosenOutput, exitCodes, progressLine } from '../../cli/common.js';
import { commandTimeout, outputReserveMs, workLimitMs } from '../../control/limit.js';
import { checkOutput, emit, readInput, sourceName } from '../../cli/io.js';
import { readyForLimit } from '../../cli/limit-ready.js';

interface MaxBlackCliOptions {
  connectivity: MaxBlackConnectivity;
  timeout?: number;
  to?: string;
  format?: string;
  output?: string;
  atLeast?: number;
  construct?: boolean;
  check?: string;
  grow?: string;
  cuts?: { row: number; col: number };
}

const maxBlackExitCodeHelp = `
Exit codes:
  0  the maximum, proven (--at-least: a shading with K or more; --check: a valid shading)
  1  --at-least: no valid shading has K shaded cells; --check: the shading breaks a rule
  2  bad input or usage
  3  time limit reached: the best shading found is printed, not proven the maximum
     (--grow: no cut worked in time)
  4  --grow: no cut tried worked (none of them is proven impossible)`;

function count(raw: string): number {
  const k = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(k))
    throw new InvalidArgumentError(`--at-least needs a whole number, got "${raw}"`);
  return k;
}

function cuts(raw: string): { row: number; col: number } {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(raw);
  if (m === null || Number(m[1]) < 1 || Number(m[2]) < 1)
    throw new InvalidArgumentError(`--cuts needs two whole numbers from 1, ROW,COLUMN (as a record file names them), got "${raw}"`);
  return { row: Number(m[1]), col: Number(m[2]) };
}

export function command(): Command {
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
    .option('--check <file>', "judge a shading file ('#' shaded, '.' unshaded, ';' comments): valid, its count, the bound")
    .option('--grow <file>', 'grow a valid shading file by six rows and six columns (SAT on strips); at the bound, the grown one is too')
    .option(
      '--cuts <row,col>',
      '--grow: the cuts to try (six rows after source row ROW, then six columns after column COL); default each in turn',
      cuts,
    );
  addTimeoutOption(command);
  addOutputOptions(command);
  return command
    .addHelpText('after', maxBlackExitCodeHelp)
    .action(async (size: { rows: number; cols: number } | undefined, options: MaxBlackCliOptions) => {
      const json = chosenOutput(command, options) === 'json';
      const inputs = [options.check, options.grow].filter((file): file is string => file !== undefined);
      if (options.output !== undefined) checkOutput(options.output, inputs);
      const print = (text: string) => emit(options.output, [text], { inputs, timeoutMs: options.timeout });
      readyForLimit(options.timeout, { wasm: true });
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
      if (options.grow !== undefined) {
        const text = await readInput(options.grow, options.timeout);
        if (size !== undefined) {
          // A wrong size is a usage error before any search (a file the door cannot read is its error).
          let from: ReturnType<typeof readShadingText> | undefined;
          try {
            from = readShadingText(text, options.grow);
          } catch {
            from = undefined;
          }
          if (from !== undefined && (size.rows !== from.rows + 6 || size.cols !== from.cols + 6))
            throw new UsageError(
              `--grow makes a ${from.rows + 6}x${from.cols + 6} board from ${options.grow}, not ${size.rows}x${size.cols}`,
            );
        }
        const progress = progressLine();
        const answer = await run(
          {
            command: 'maxblack',
            grow: text,
            growSource: sourceName(options.grow),
            ...(options.cuts === undefined ? {} : { rowCut: options.cuts.row, colCut: options.cuts.col }),
            ...commandTimeout(options.timeout),
          },
          { onProgress: progress.update },
        ).finally(() => progress.done());
        if (answer.mode !== 'grow') return;
        const r = answer.result;
        const how = `grown from ${options.grow} (six rows after row ${r.rowCut}, six columns after column ${r.colCut})`;
        const what =
          r.status === 'found'
            ? `a valid shading with ${r.value} shaded cells (checked), ${how}; upper bound ${r.bound}${r.value === r.bound ? ': meets it, so the maximum (proven)' : ''}`
            : `no cut tried grew it (upper bound ${r.bound})`;
        await print(
          json
            ? `${JSON.stringify({ rows: r.rows, cols: r.cols, status: r.status, shaded: r.value, bound: r.bound, rowCut: r.rowCut, colCut: r.colCut, shading: r.shading?.map(Number) ?? null, timeMs: Math.round(r.timeMs) })}\n`
            : r.shading
              ? formatShadingFile(r.rows, r.cols, r.shading, [`${r.rows}x${r.cols}: ${what}`])
              : `${r.rows}x${r.cols}: ${what}\n`,
        );
        const expired = options.timeout !== undefined && performance.now() >= options.timeout;
        process.exitCode = r.status === 'found' ? exitCodes.solved : expired ? exitCodes.timeout : exitCodes.stuck;
        return;
      }
      if (options.cuts !== undefined) throw new UsageError('--cuts goes with --grow');
      if (size === undefined) throw new UsageError('maxblack needs a size RxC (or --check FILE, or --grow FILE)');
      const progress = progressLine();
      const answer = await run(
        {
          command: 'maxblack',
          ...size,
          ...(options.construct === true
            ? { construct: true as const }
            : { connectivity: options.connectivity, ...(options.atLeast === undefined ? {} : { atLeast: options.atLeast }) }),
          // The end of a process that holds a large search takes a while: kept back from the limit.
          ...commandTimeout(
            options.timeout === undefined
              ? undefined
              : workLimitMs(options.timeout, outputReserveMs(options.timeout, size.rows * size.cols)),
          ),
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
