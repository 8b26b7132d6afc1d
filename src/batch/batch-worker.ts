/**
 * The pool handler of a batch (run.ts): keeps the command's configuration and answers a chunk of
 * lines at a time, in order, with the time the chunk took here (the batch sizes its chunks by it).
 */
import { processLine, type BatchConfig, type LineResult } from './batch-line.js';
import type { ChunkAnswer } from './batch-run.js';
import type { LineTask } from './batch-line.js';

let config: BatchConfig;
let source: string;

export function init(data: { config: BatchConfig; source: string }): void {
  ({ config, source } = data);
}

export async function handle(lines: readonly LineTask[]): Promise<ChunkAnswer> {
  const start = performance.now();
  const results: LineResult[] = [];
  for (const task of lines) results.push(await processLine(config, task, source));
  return { results, timeMs: performance.now() - start };
}
