/**
 * Worker-thread entry of the benchmark pool (`pool.ts`). Loads the engine once, keeps the sets
 * it is sent, and solves the batches of indices it is given one puzzle after another, posting
 * each answer as soon as it has it; asked to, it times a set's fast puzzles again (`retime`).
 * Messages are handled strictly in order.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { solveWith, type BenchConfig, type EngineAnswer } from './engines.js';
import { median } from './stats.js';
import {
  shadingToBytes,
  unpackPuzzle,
  type AnswerMessage,
  type PackedPuzzles,
  type RetimedMessage,
  type ToWorker,
  type WorkerConfig,
} from './protocol.js';

const config = workerData as WorkerConfig;
const options: BenchConfig = {
  engine: config.engine,
  backend: config.backend,
  connectivity: config.connectivity,
  ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
};
const sets = new Map<number, PackedPuzzles>();
const spent: EngineAnswer = { status: 'timeout', solutions: [], proof: null };
if (parentPort === null) throw new Error('src/bench/worker.js runs only as a worker thread');
const port: MessagePort = parentPort;

async function handle(message: ToWorker): Promise<void> {
  if (message.type === 'set') {
    sets.set(message.set, message.puzzles);
    return;
  }
  if (message.type === 'forget') {
    sets.delete(message.set);
    return;
  }
  if (message.type === 'retime') {
    port.postMessage(await retime(message));
    return;
  }
  const packed = sets.get(message.set);
  for (const [k, index] of message.indices.entries()) {
    let answer: AnswerMessage;
    let start = performance.now();
    // The limit counts from when the pool handed the puzzle out (see ToWorker), as its watchdog does.
    const startedAt = k === 0 && message.startedAt !== undefined ? message.startedAt : Date.now();
    const left = options.timeoutMs === undefined ? undefined : startedAt + options.timeoutMs - Date.now();
    try {
      if (packed === undefined) throw new Error(`set ${message.set} was never sent to this worker`);
      const puzzle = unpackPuzzle(packed, index);
      // The clock runs from here: the time is the engine's, not that of copying the puzzle out.
      start = performance.now();
      // A limit spent before the worker got to the puzzle (its start-up took it) is a timeout.
      const result =
        left === undefined
          ? await solveWith(puzzle, options)
          : left <= 0
            ? spent
            : await solveWith(puzzle, { ...options, timeoutMs: left });
      const timeMs = performance.now() - start;
      answer = {
        type: 'answer',
        set: message.set,
        index,
        status: result.status,
        shadings: result.solutions.slice(0, 2).map(shadingToBytes),
        timeMs,
        proof: result.proof,
      };
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      answer = {
        type: 'answer',
        set: message.set,
        index,
        // A grid too large for the chosen encoding is refused, as every command refuses it: it
        // is the input's size, not a failure of the solver.
        status: e.name === 'TooLargeError' ? 'refused' : 'error',
        shadings: [],
        timeMs: performance.now() - start,
        proof: null,
        error: e.name === 'TooLargeError' ? (e.message.split('\n')[0] ?? '') : `${e.name}: ${e.message.split('\n')[0] ?? ''}`,
      };
    }
    port.postMessage(
      answer,
      answer.shadings.map((s) => s.buffer as ArrayBuffer),
    );
  }
}

/**
 * Times the puzzles again, for a steady-state time of puzzles too fast for one timing to mean
 * much: passes over them all, each puzzle once per pass and in turn, at least `minPasses` passes
 * and until `budgetMs` has passed; each puzzle's time is the median over the passes. Before, a
 * fast puzzle was timed five times in a row: those five timings fell within half a millisecond,
 * so whatever slowed the machine then slowed all five, and they trained the processor on that one
 * puzzle (its five times fell from about 0.17 to 0.10 ms on a 20x20) where a set's puzzles come
 * one after another. The medians of an 8-puzzle set over 20 processes spread by ±58% that way and
 * by ±14% over 300 ms of passes; with the machine's other core busy, runs of 300 ms of passes
 * still landed in slow stretches of the machine (a fifth of the runs 1.3-1.5x slower), runs of
 * 1 s seldom (BENCH.md, deduction).
 */
async function retime(message: Extract<ToWorker, { type: 'retime' }>): Promise<RetimedMessage> {
  const { puzzles, indices } = message;
  const times = indices.map((): number[] => []);
  const failed = new Set<number>();
  const until = performance.now() + message.budgetMs;
  for (let pass = 0; failed.size < indices.length && (pass < message.minPasses || performance.now() < until); pass++) {
    for (const [k, index] of indices.entries()) {
      if (failed.has(k)) continue;
      // A fresh copy each time, as the first solve had, made before the clock starts.
      const puzzle = unpackPuzzle(puzzles, index);
      const start = performance.now();
      try {
        await solveWith(puzzle, options);
      } catch {
        // It was answered once already; a failure now leaves it its first time.
        failed.add(k);
        continue;
      }
      times[k]!.push(performance.now() - start);
    }
  }
  return { type: 'retimed', set: message.set, timesMs: times.map((t, k) => (failed.has(k) || t.length === 0 ? Number.NaN : median(t))) };
}

let chain: Promise<void> = Promise.resolve();
port.on('message', (message: ToWorker) => {
  chain = chain.then(() => handle(message));
});
