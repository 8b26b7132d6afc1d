/**
 * Batch mode, shared by `solve`, `rate`, `explain` and `convert`: a JSON Lines input (a `.jsonl`
 * file, or any file or stdin with `--batch`) streamed line by line, one JSON result line per
 * puzzle line, in order, with `--jobs N` worker threads (src/batch/).
 */
import type { Command } from 'commander';
import type { BatchConfig } from '../batch/jobs.js';
import { openInputStream, sourceName } from './io.js';
import { exitCodes, positiveInteger, progressLine } from './common.js';

export interface BatchCliOptions {
  batch?: boolean;
  jobs?: number;
}

export const batchHelp = `
Batch (a .jsonl file, or --batch): each line a JSON record {"id", "grid", ...} (or a puzz.link URL
or Singles game ID); one JSON line out per puzzle line, in order, with its "line" and "id"; a bad
line gets {"line", "id", "error"} and the run goes on. Exit code 0 when every line was answered,
else 2 (some line was bad input), 5 (the solver failed on some line), 3 (some line reached the
time limit), the first that applies.`;

export function addBatchOptions(command: Command): Command {
  return command
    .option('--batch', 'the input is JSON Lines (one puzzle per line; implied by a .jsonl file): one JSON result line per puzzle line')
    .option('--jobs <n>', 'worker threads for a batch (default 1)', positiveInteger('--jobs', 256));
}

/** Whether this run is a batch: `--batch`, or a `.jsonl` file (when `jsonlMeansBatch`). */
export function isBatch(command: Command, file: string, options: BatchCliOptions, jsonlMeansBatch = true): boolean {
  const batch = options.batch === true || (jsonlMeansBatch && /\.jsonl$/i.test(file));
  if (!batch && options.jobs !== undefined)
    command.error('error: --jobs goes with a batch (a .jsonl file, or --batch)', { exitCode: exitCodes.badInput });
  return batch;
}

export async function runBatchCommand(file: string, config: BatchConfig, options: BatchCliOptions): Promise<void> {
  // Loaded only for a batch: the batch runner reaches every engine (the rule engine, the SVG
  // renderer), which a one-shot `solve` should not pay for at start-up.
  const { describeProgress, runBatch } = await import('../batch/run.js');
  const { stream, size } = openInputStream(file);
  const progress = progressLine();
  const summary = await runBatch({
    input: stream,
    source: sourceName(file),
    ...(size === undefined ? {} : { totalBytes: size }),
    config,
    jobs: options.jobs ?? 1,
    output: process.stdout,
    onProgress: (p) => progress.update({ phase: 'batch', done: p.lines, message: `${config.command}: ${describeProgress(p)}` }),
  });
  progress.done();
  const { failures } = summary;
  process.exitCode =
    failures.input > 0 ? exitCodes.badInput : failures.solver > 0 ? exitCodes.solverFailure : failures.timeout > 0 ? exitCodes.timeout : 0;
}
