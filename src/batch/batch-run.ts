/**
 * A batch run: JSON Lines in (a file or stdin), one JSON line out per puzzle line, in input
 * order. The input is streamed with readline and never held whole: a bounded number of lines are
 * in flight (read and not yet written), and reading pauses while the output stream is full, so
 * memory stays flat whatever the input's size. Blank lines are skipped; each output record
 * carries its input `line`, so the mapping stays exact.
 *
 * With `jobs` 1 the lines are answered on this thread; with more, by this thread and up to
 * `jobs - 1` workers of the pool (src/pool/; as many as there are idle cores), in chunks, their
 * answers put back in order before they are written.
 */
import { availableParallelism, loadavg } from 'node:os';
import { inputLines } from '../formats/input.js';
import type { Readable, Writable } from 'node:stream';
import { errorKinds, TimeoutError, type ErrorKind } from '../control/errors.js';
import type { ProgressListener } from '../control/progress.js';
import { inOrder, WorkerPool } from '../pool/pool.js';
import { describeProgress } from '../render/batch.js';
import { errorRecord, processLine, type BatchConfig, type LineResult, type LineTask } from './batch-line.js';

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
  /**
   * Told the progress now and then (every 200 ms at most): phase `batch`, the bytes read of the
   * input's size when known, and "1234 lines, 250/s, 48%, ETA 1m 20s".
   */
  readonly onProgress?: ProgressListener;
  /**
   * How long the batch waits for its next line (the per-puzzle time limit, when one is given):
   * a line's time counts from when the batch starts waiting for it, so a FIFO or a pipe whose
   * writer stays open and silent ends the batch at the limit, with a `timeout` error record for
   * the line that did not come, instead of waiting for ever.
   */
  readonly lineWaitMs?: number;
}

/** What the progress line is made of. */
export interface BatchSummary {
  /** Puzzle lines answered (blank lines not counted). */
  readonly lines: number;
  /** Lines by what they came to (LineResult.status: a verdict, a class, `error`...). */
  readonly statuses: Readonly<Record<string, number>>;
  /** Error records by the kind of their error. */
  readonly errors: Readonly<Partial<Record<ErrorKind, number>>>;
  readonly wallMs: number;
}

/** A worker's answer to a chunk: a result per line, and the time the chunk took it. */
export interface ChunkAnswer {
  readonly results: LineResult[];
  readonly timeMs: number;
}

/**
 * Chunks: with workers, lines go in chunks that take about `chunkMs` of a worker's time, so that
 * a message's cost (a structured clone each way, a wake-up of each thread, about 0.1 ms) stays
 * small beside the work: the 2,200 menneske puzzles take 0.4 ms each, and one line per message
 * made `--jobs 2` slower than `--jobs 1` (1.00 s against 0.83 s). The first chunks are single
 * lines, until a worker has timed some; at most `maxChunk` lines, and at most `chunksPerJob`
 * chunks per worker in flight, so the lines in flight stay bounded.
 */
const chunkMs = 20;
const maxChunk = 256;
const chunksPerJob = 3;
const startWorkersAfterMs = 100;

// Through ../batch/ so that the path also holds from the CLI bundle in dist/src/cli/.
const handlerUrl = new URL('../batch/batch-worker.js', import.meta.url);

export async function runBatch(options: BatchOptions): Promise<BatchSummary> {
  const { input, source, totalBytes, config, jobs, output } = options;
  const statuses: Record<string, number> = {};
  const errors: Partial<Record<ErrorKind, number>> = {};
  const start = performance.now();
  let lines = 0;
  let bytesRead = 0;
  let lastReport = 0;
  const write = async (result: LineResult) => {
    statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    if (result.error !== undefined) errors[result.error] = (errors[result.error] ?? 0) + 1;
    lines++;
    if (!output.write(`${result.out}\n`)) await new Promise<void>((resolve) => output.once('drain', () => resolve()));
    const now = performance.now();
    if (options.onProgress && now - lastReport > 200) {
      lastReport = now;
      const message = describeProgress({ lines, bytesRead, totalBytes, elapsedMs: now - start });
      options.onProgress({ phase: 'batch', done: bytesRead, ...(totalBytes === undefined ? {} : { total: totalBytes }), message });
    }
  };
  let lastLine = 0;
  let waitedOut = false;
  async function* tasks(): AsyncGenerator<LineTask> {
    for await (const { text, line, bytes, problem } of boundedWait(inputLines(input, source), options.lineWaitMs, () => {
      input.destroy();
      waitedOut = true;
    })) {
      bytesRead += bytes;
      lastLine = line;
      if (problem === undefined && text.trim() === '') continue;
      yield problem === undefined ? { text, line } : { text, line, problem };
    }
  }
  const endWaitedOut = async () => {
    if (!waitedOut) return;
    const error = new TimeoutError(`no line came within the time limit (${options.lineWaitMs} ms) after line ${lastLine}`);
    await write(errorRecord(error, lastLine + 1, null, source));
  };
  if (jobs <= 1) {
    // On this thread: no worker to start or to talk to.
    for await (const result of inOrder(tasks(), 4, (task) => processLine(config, task, source))) await write(result);
    await endWaitedOut();
  } else {
    // This thread answers lines too, beside `jobs - 1` workers: it is loaded already (a worker
    // takes a while to load the engines), and it would otherwise only wait for them. A chunk
    // waits here until this thread or a loaded worker is free, so none waits behind a worker
    // that is still loading.
    // The workers start once this thread has worked `startWorkersAfterMs`: a batch done sooner
    // would not gain from a worker that costs about 150 ms of processor time to load. And only as
    // many as the machine has idle cores (as `make -l`): on a busy machine a worker gets no core
    // of its own and only takes time from this thread (on the shared 2-core machine at a load
    // of 8, two threads of pure arithmetic each took twice as long as one alone).
    let pool: WorkerPool | undefined;
    let hereMs = 0;
    let started = false;
    // The time per line over every chunk answered so far (one chunk's own is too noisy on a busy machine).
    let timedMs = 0;
    let timedLines = 0;
    const timed = (ms: number, lines: number) => {
      timedMs += ms;
      timedLines += lines;
    };
    let hereBusy = false;
    const waiting: { chunk: readonly LineTask[]; resolve: (results: Promise<LineResult[]>) => void }[] = [];
    const here = async (chunk: readonly LineTask[]): Promise<LineResult[]> => {
      hereBusy = true;
      try {
        const results: LineResult[] = [];
        const start = performance.now();
        for (const task of chunk) {
          const lineStart = performance.now();
          results.push(await processLine(config, task, source));
          hereMs += performance.now() - lineStart;
          if (!started && hereMs > startWorkersAfterMs) {
            started = true;
            const workers = Math.min(jobs - 1, idleCores());
            if (workers > 0) {
              pool = new WorkerPool({ handler: handlerUrl, init: { config, source }, jobs: workers, onIdle: () => hand() });
              pool.start();
            }
          }
          // Between lines, the workers' answers are taken and they are given their next chunks.
          await new Promise((resolve) => setImmediate(resolve));
        }
        timed(performance.now() - start, chunk.length);
        return results;
      } finally {
        hereBusy = false;
        hand();
      }
    };
    const there = async (chunk: readonly LineTask[]): Promise<LineResult[]> => {
      try {
        const { results, timeMs } = await pool!.run<ChunkAnswer>(chunk);
        timed(timeMs, chunk.length);
        return results;
      } catch (error) {
        // A worker that crashed takes its chunk with it: each line is tried again alone, so that
        // only the line that crashes it is answered with the error.
        if (chunk.length > 1) return (await Promise.all(chunk.map((task) => answer([task])))).flat();
        return [errorRecord(error, chunk[0]!.line, null, source)];
      }
    };
    /** Hands the waiting chunks to whoever is free. */
    function hand(): void {
      while (waiting.length > 0) {
        const worker = !hereBusy ? here : (pool?.idle ?? 0) > 0 ? there : undefined;
        if (worker === undefined) return;
        const { chunk, resolve } = waiting.shift()!;
        resolve(worker(chunk));
      }
    }
    const answer = (chunk: readonly LineTask[]): Promise<LineResult[]> =>
      new Promise((resolve) => {
        waiting.push({ chunk, resolve });
        hand();
      });
    try {
      for await (const results of inOrder(
        chunks(tasks(), () => chunkSize(timedLines === 0 ? undefined : timedMs / timedLines)),
        jobs * chunksPerJob,
        answer,
      ))
        for (const result of results) await write(result);
      await endWaitedOut();
    } finally {
      void pool?.close();
    }
  }
  return { lines, statuses, errors, wallMs: performance.now() - start };
}

/**
 * The items of `items`, ending early (after calling `onWaitedOut`) when the next one has not come
 * within `waitMs` of asking for it. Without `waitMs`, the items as they are.
 */
async function* boundedWait<T>(items: AsyncIterable<T>, waitMs: number | undefined, onWaitedOut: () => void): AsyncGenerator<T> {
  if (waitMs === undefined) {
    yield* items;
    return;
  }
  const iterator = items[Symbol.asyncIterator]();
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<'waited'>((resolve) => {
      timer = setTimeout(() => resolve('waited'), waitMs);
    });
    const next = iterator.next();
    const first = await Promise.race([next, waited]).finally(() => clearTimeout(timer));
    if (first === 'waited') {
      // The pending read ends with the stream's destruction; its outcome no longer matters.
      next.catch(() => {});
      onWaitedOut();
      return;
    }
    if (first.done === true) return;
    yield first.value;
  }
}

/** Cores not busy now, by the 1-minute load average (this process's own share included). */
function idleCores(): number {
  return Math.max(0, Math.round(availableParallelism() - loadavg()[0]!));
}

function chunkSize(perLineMs: number | undefined): number {
  if (perLineMs === undefined) return 1;
  return Math.max(1, Math.min(maxChunk, Math.floor(chunkMs / Math.max(perLineMs, 1e-3))));
}

/** The lines in chunks of `size()` lines (asked anew for each chunk); the last one holds what is left. */
async function* chunks(lines: AsyncIterable<LineTask>, size: () => number): AsyncGenerator<LineTask[]> {
  let chunk: LineTask[] = [];
  for await (const task of lines) {
    chunk.push(task);
    if (chunk.length >= size()) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** The batch's one-line summary for stderr: `solve: 2200 puzzles in 0.83 s: 2200 unique, 0 multiple, 0 none; 0 errors`. */
export function describeSummary(command: string, { lines, statuses, errors, wallMs }: BatchSummary): string {
  const always = summaryStatuses[command] ?? [];
  const order = [
    ...always,
    ...Object.keys(statuses)
      .filter((s) => !always.includes(s) && s !== 'error')
      .sort(),
  ];
  const counts = order.map((status) => `${statuses[status] ?? 0} ${status}`);
  const kinds = errorKinds.filter((kind) => (errors[kind] ?? 0) > 0).map((kind) => `${errors[kind]} ${kind}`);
  const errorCount = statuses.error ?? 0;
  return (
    `${command}: ${lines} puzzle${lines === 1 ? '' : 's'} in ${(wallMs / 1000).toFixed(2)} s: ${counts.join(', ')}; ` +
    `${errorCount} error${errorCount === 1 ? '' : 's'}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}`
  );
}

/** The statuses a command's summary always names (0 included); others (rate's classes, timeout) are named when they occur. */
const summaryStatuses: Readonly<Record<string, readonly string[]>> = {
  solve: ['unique', 'multiple', 'none'],
  explain: ['solved', 'stuck', 'contradiction'],
  convert: ['converted'],
};
