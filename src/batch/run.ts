/**
 * A batch run: JSON Lines in (a file or stdin), one JSON line out per puzzle line, in input
 * order. The input is streamed with readline and never held whole: at most `window` lines are
 * in flight (read and not yet written), and reading pauses while the output stream is full, so
 * memory stays flat whatever the input's size. Blank lines are skipped; each output record
 * carries its input `line`, so the mapping stays exact.
 *
 * With `jobs` 1 the lines are answered on this thread; with more, by a pool of worker threads
 * (pool.ts), their answers put back in order before they are written.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { processLine, type BatchConfig, type Failure, type LineResult } from './jobs.js';
import { LinePool } from './pool.js';

export interface BatchOptions {
  /** The JSON Lines text (a file's stream, or stdin). */
  readonly input: Readable;
  /** The input's name in error messages (a file name, "stdin"). */
  readonly source: string;
  /** The input's size in bytes, when known (for the progress's ETA). */
  readonly totalBytes?: number;
  readonly config: BatchConfig;
  /** Worker threads; 1 answers on this thread. */
  readonly jobs: number;
  readonly output: Writable;
  /** Told the progress now and then (lines done, bytes read, total bytes when known). */
  readonly onProgress?: (progress: BatchProgress) => void;
}

export interface BatchProgress {
  readonly lines: number;
  readonly bytesRead: number;
  /** The input's size, when it is a file. */
  readonly totalBytes: number | undefined;
  readonly elapsedMs: number;
}

export interface BatchSummary {
  /** Puzzle lines answered (blank lines not counted). */
  readonly lines: number;
  /** Lines answered with an error record or a time limit, by kind. */
  readonly failures: Readonly<Record<Failure, number>>;
}

export async function runBatch(options: BatchOptions): Promise<BatchSummary> {
  const { input, source, totalBytes, config, jobs, output } = options;
  const pool = jobs > 1 ? new LinePool(config, jobs, source) : undefined;
  const answer = (text: string, line: number): Promise<LineResult> =>
    pool ? pool.run({ text, line }) : processLine(config, text, line, source);
  const failures: Record<Failure, number> = { input: 0, timeout: 0, solver: 0 };
  const window = Math.max(4, jobs * 4);
  const inFlight: Promise<LineResult>[] = [];
  const start = performance.now();
  let lines = 0;
  let bytesRead = 0;
  let lastReport = 0;
  const write = async (result: LineResult) => {
    if (result.failure !== undefined) failures[result.failure]++;
    lines++;
    if (!output.write(`${result.out}\n`)) await new Promise<void>((resolve) => output.once('drain', () => resolve()));
    const now = performance.now();
    if (options.onProgress && now - lastReport > 200) {
      lastReport = now;
      options.onProgress({ lines, bytesRead, totalBytes, elapsedMs: now - start });
    }
  };
  try {
    const reader = createInterface({ input, crlfDelay: Infinity });
    let n = 0;
    for await (const text of reader) {
      n++;
      bytesRead += Buffer.byteLength(text) + 1;
      if (text.trim() === '') continue;
      inFlight.push(answer(n === 1 ? text.replace(/^\uFEFF/, '') : text, n));
      while (inFlight.length >= window) await write(await inFlight.shift()!);
    }
    while (inFlight.length > 0) await write(await inFlight.shift()!);
  } finally {
    await pool?.close();
  }
  return { lines, failures };
}

/** "1234 lines, 250/s, 48%, ETA 1m 20s" (the share and ETA by bytes read, when the size is known). */
export function describeProgress({ lines, bytesRead, totalBytes, elapsedMs }: BatchProgress): string {
  const seconds = elapsedMs / 1000;
  const parts = [`${lines} lines`, `${seconds > 0 ? Math.round(lines / seconds) : 0}/s`];
  if (totalBytes !== undefined && totalBytes > 0 && bytesRead > 0) {
    const share = Math.min(1, bytesRead / totalBytes);
    parts.push(`${Math.floor(share * 100)}%`, `ETA ${duration((seconds * (1 - share)) / share)}`);
  }
  return parts.join(', ');
}

function duration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}
