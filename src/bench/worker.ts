/**
 * Worker-thread entry of the benchmark pool (`pool.ts`). Loads the engine once, keeps the sets
 * it is sent, and solves the batches of indices it is given one puzzle after another, posting
 * each answer as soon as it has it. Messages are handled strictly in order.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { solveWith, type BenchConfig, type EngineAnswer } from './engines.js';
import { shadingToBytes, unpackPuzzle, type AnswerMessage, type PackedPuzzles, type ToWorker, type WorkerConfig } from './protocol.js';

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
  const packed = sets.get(message.set);
  for (const [k, index] of message.indices.entries()) {
    let answer: AnswerMessage;
    const start = performance.now();
    // The limit counts from when the pool handed the puzzle out (see ToWorker), as its watchdog does.
    const startedAt = k === 0 && message.startedAt !== undefined ? message.startedAt : Date.now();
    const left = options.timeoutMs === undefined ? undefined : startedAt + options.timeoutMs - Date.now();
    try {
      if (packed === undefined) throw new Error(`set ${message.set} was never sent to this worker`);
      // A limit spent before the worker got to the puzzle (its start-up took it) is a timeout.
      const result =
        left === undefined
          ? await solveWith(unpackPuzzle(packed, index), options)
          : left <= 0
            ? spent
            : await solveWith(unpackPuzzle(packed, index), { ...options, timeoutMs: left });
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

let chain: Promise<void> = Promise.resolve();
port.on('message', (message: ToWorker) => {
  chain = chain.then(() => handle(message));
});
