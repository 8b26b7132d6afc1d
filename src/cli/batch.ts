/**
 * Batch mode, shared by `solve`, `rate`, `explain` and `convert`: a JSON Lines input (a `.jsonl`
 * file, or any file or stdin with `--batch`) streamed line by line, one JSON result line per
 * puzzle line, in order, with `--jobs N` worker threads (src/batch/).
 */
import type { Command } from 'commander';
import type { BatchConfig } from '../api/batch.js';
import { openInput } from '../formats/input.js';
import { atomicStream, sourceName } from './io.js';
import type { ErrorKind } from '../control/errors.js';
import { addJobsOption, exitCodes, jobsOf, progressLine } from './common.js';

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
  return addJobsOption(
    command.option(
      '--batch',
      'the input is JSON Lines (one puzzle per line; implied by a .jsonl file): one JSON result line per puzzle line',
    ),
    'worker threads for a batch',
  );
}

/** Whether this run is a batch: `--batch`, or a `.jsonl` file (when `jsonlMeansBatch`). */
export function isBatch(command: Command, file: string, options: BatchCliOptions, jsonlMeansBatch = true): boolean {
  const batch = options.batch === true || (jsonlMeansBatch && /\.jsonl$/i.test(file));
  if (!batch && options.jobs !== undefined)
    command.error('error: --jobs goes with a batch (a .jsonl file, or --batch)', { exitCode: exitCodes.badInput });
  return batch;
}

export async function runBatchCommand(file: string, config: BatchConfig, options: BatchCliOptions & { output?: string }): Promise<void> {
  // Loaded only for a batch: the batch runner reaches every engine (the rule engine, the SVG
  // renderer), which a one-shot `solve` should not pay for at start-up.
  const { describeSummary, runBatch } = await import('../api/batch.js');
  // With -o the lines go to a temporary file, renamed over the target once the batch is done.
  const output = options.output === undefined ? undefined : await atomicStream(options.output, [file]);
  const { stream, size } = await openInput(file);
  const progress = progressLine();
  const summary = await runBatch({
    input: stream,
    source: sourceName(file),
    ...(size === undefined ? {} : { totalBytes: size }),
    config,
    jobs: jobsOf(options.jobs),
    // A pipe, a FIFO or a terminal may keep the batch waiting for ever; a regular file cannot.
    // The wait is at least 100 ms, so that a tiny per-puzzle limit does not cut off a live pipe.
    ...(config.timeoutMs === undefined || size !== undefined ? {} : { lineWaitMs: Math.max(config.timeoutMs, 100) }),
    output: output?.stream ?? process.stdout,
    onProgress: (event) => progress.update({ ...event, message: `${config.command}: ${event.message}` }),
  }).catch((error: unknown) => {
    output?.abort();
    throw error;
  });
  await output?.commit();
  progress.done();
  // One line, on a terminal or not: a log of a batch run says what it came to.
  process.stderr.write(`${describeSummary(config.command, summary)}\n`);
  const { errors, statuses } = summary;
  const some = (...kinds: ErrorKind[]) => kinds.some((kind) => (errors[kind] ?? 0) > 0);
  process.exitCode = some('input', 'too-large', 'usage')
    ? exitCodes.badInput
    : some('solver')
      ? exitCodes.solverFailure
      : some('timeout') || (statuses.timeout ?? 0) > 0
        ? exitCodes.timeout
        : 0;
}
