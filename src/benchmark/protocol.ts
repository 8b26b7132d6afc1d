/**
 * The tasks of the benchmark's pool (`pool.ts`) for its handler (`worker.ts`), and the packed
 * form of a set's puzzles.
 *
 * A set's grids are in shared memory: a task carries the set (a handle to the same memory, no
 * copy per worker or per puzzle) and an index, and an answer carries only the verdict, the time
 * and the shadings as bytes (one byte per cell).
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
}

/**
 * The puzzles of a set in shared memory: puzzle k is `data[offsets[k]..offsets[k+1])`, laid out
 * as rows, cols, then the values row by row. Float64 holds any safe integer value.
 */
export interface PackedPuzzles {
  readonly offsets: Int32Array;
  readonly data: Float64Array;
}

/** A task of the bench handler (worker.ts) on the pool. */
export type BenchTask =
  | {
      /** Solve puzzle `index` of the set (its clock, and the engine's limit, run to the task's deadline). */
      readonly type: 'solve';
      readonly puzzles: PackedPuzzles;
      readonly index: number;
    }
  | {
      /** Time these puzzles again, in passes over them all (see worker.ts). */
      readonly type: 'retime';
      readonly puzzles: PackedPuzzles;
      readonly indices: readonly number[];
      readonly minPasses: number;
      readonly budgetMs: number;
    };

/** The answer to a `solve` task. */
export interface SolveAnswer {
  readonly status: Verdict | 'stuck' | 'error' | 'refused';
  /** One byte per cell (1 shaded) per shading found. */
  readonly shadings: Uint8Array[];
  /** The engine call, timed in the worker. */
  readonly timeMs: number;
  readonly proof: Proof;
  readonly error?: string;
}

/** The answer to a `retime` task: per index of the request, in its order, the median of its times over the passes (NaN if it failed). */
export type RetimeAnswer = readonly number[];

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
