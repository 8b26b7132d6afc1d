/**
 * The messages between the pool (`pool.ts`) and its workers (`worker.ts`), and the packed form
 * of a set's puzzles.
 *
 * A set's grids go to each worker once, in shared memory (no copy per worker or per puzzle); a
 * batch is then a short list of indices, and an answer carries only the verdict, the time and
 * the shadings as bytes (one byte per cell, the buffers transferred, not copied).
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import type { Verdict } from '../solve/solve.js';
import type { Proof } from '../solve/engines.js';
import type { BenchBackend, BenchConnectivity, Engine } from './engines.js';

/** `workerData` of a worker: what every puzzle is solved with. */
export interface WorkerConfig {
  readonly engine: Engine;
  readonly backend: BenchBackend;
  readonly connectivity: BenchConnectivity;
  readonly timeoutMs?: number;
}

/**
 * The puzzles of a set in shared memory: puzzle k is `data[offsets[k]..offsets[k+1])`, laid out
 * as rows, cols, then the values row by row. Float64 holds any safe integer value.
 */
export interface PackedPuzzles {
  readonly offsets: Int32Array;
  readonly data: Float64Array;
}

export type ToWorker =
  | { readonly type: 'set'; readonly set: number; readonly puzzles: PackedPuzzles }
  | {
      readonly type: 'solve';
      readonly set: number;
      readonly indices: readonly number[];
      /**
       * When the first puzzle's time limit began (epoch ms, as Date.now()): set when the batch
       * goes to an idle worker, whose clock runs from when the puzzle was handed out (its own
       * start-up included), not from when it gets to it. Without it the clock starts then.
       */
      readonly startedAt?: number;
    }
  | {
      /** Time these puzzles again, in passes over them all (see worker.ts); the set travels along (shared memory). */
      readonly type: 'retime';
      readonly set: number;
      readonly puzzles: PackedPuzzles;
      readonly indices: readonly number[];
      readonly minPasses: number;
      readonly budgetMs: number;
    }
  | { readonly type: 'forget'; readonly set: number };

export interface AnswerMessage {
  readonly type: 'answer';
  readonly set: number;
  readonly index: number;
  readonly status: Verdict | 'stuck' | 'error' | 'refused';
  /** One byte per cell (1 shaded) per shading found. */
  readonly shadings: Uint8Array[];
  /** The engine call, timed in the worker. */
  readonly timeMs: number;
  readonly proof: Proof;
  readonly error?: string;
}

export interface RetimedMessage {
  readonly type: 'retimed';
  readonly set: number;
  /** Per index of the request, in its order: the median of its times over the passes (NaN if it failed). */
  readonly timesMs: readonly number[];
}

export type FromWorker = AnswerMessage | RetimedMessage;

export function packPuzzles(puzzles: readonly Puzzle[]): PackedPuzzles {
  const offsets = new Int32Array(new SharedArrayBuffer((puzzles.length + 1) * Int32Array.BYTES_PER_ELEMENT));
  let total = 0;
  puzzles.forEach((p, k) => {
    offsets[k] = total;
    total += 2 + p.values.length;
  });
  offsets[puzzles.length] = total;
  const data = new Float64Array(new SharedArrayBuffer(Math.max(1, total) * Float64Array.BYTES_PER_ELEMENT));
  puzzles.forEach((p, k) => {
    const at = offsets[k]!;
    data[at] = p.rows;
    data[at + 1] = p.cols;
    data.set(p.values, at + 2);
  });
  return { offsets, data };
}

export function unpackPuzzle(packed: PackedPuzzles, index: number): Puzzle {
  const at = packed.offsets[index];
  const end = packed.offsets[index + 1];
  if (at === undefined || end === undefined || index < 0) throw new RangeError(`no puzzle ${index} in the set`);
  const { data } = packed;
  const rows = data[at]!;
  const cols = data[at + 1]!;
  // A plain loop: Array.from over a typed array goes through the iterator, 30 KB of garbage for a 20x20.
  const values = new Array<number>(end - at - 2);
  for (let k = 0; k < values.length; k++) values[k] = data[at + 2 + k]!;
  return { rows, cols, values };
}

export function shadingToBytes(shading: readonly boolean[]): Uint8Array {
  const bytes = new Uint8Array(shading.length);
  for (let i = 0; i < shading.length; i++) bytes[i] = shading[i] ? 1 : 0;
  return bytes;
}

export function bytesToShading(bytes: Uint8Array): boolean[] {
  const shading = new Array<boolean>(bytes.length);
  for (let i = 0; i < bytes.length; i++) shading[i] = bytes[i] === 1;
  return shading;
}
