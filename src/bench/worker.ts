/**
 * Worker-thread entry of the benchmark pool (`pool.ts`). Loads the engine once, keeps the sets
 * it is sent, and solves the batches of indices it is given one puzzle after another, posting
 * each answer as soon as it has it. Messages are handled strictly in order.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { solveWith, type BenchConfig, type EngineAnswer } from './engines.js';
import { median } from './stats.js';
import { shadingToBytes, unpackPuzzle, type AnswerMessage, type PackedPuzzles, type ToWorker, type WorkerConfig } from './protocol.js';

const config = workerData as WorkerConfig;
const options: BenchConfig = {
  engine: config.engine,
  backend: config.backend,
  connectivity: config.connectivity,
  ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
};
const sets = new Map<number, PackedPuzzles>();
/**
 * A solve faster than this is timed again, `retimes` runs in all, and the median kept: a single
 * sub-millisecond timing is mostly the scheduler's and the JIT's noise (the median of an 8-puzzle
 * set of 17x17s and 20x20s, about 0.2 ms, moved by 26-42% between runs). Without a time limit
 * only, so that a limit bounds one solve as it always has.
 */
const retimeBelowMs = 1;
const retimes = 5;
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
      let timeMs = performance.now() - start;
      const retimeStart = performance.now();
      if (left === undefined && timeMs < retimeBelowMs && result.status !== 'timeout') {
        const times = [timeMs];
        while (times.length < retimes) {
          // A fresh copy each time, as the first run had.
          const copy = unpackPuzzle(packed, index);
          const again = performance.now();
          await solveWith(copy, options);
          times.push(performance.now() - again);
        }
        timeMs = median(times);
      }
      const retimeMs = performance.now() - retimeStart;
      answer = {
        type: 'answer',
        set: message.set,
        index,
        status: result.status,
        shadings: result.solutions.slice(0, 2).map(shadingToBytes),
        timeMs,
        retimeMs,
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
        retimeMs: 0,
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

let chain: Promise<void> = Promise.resolve();
port.on('message', (message: ToWorker) => {
  chain = chain.then(() => handle(message));
});
