/** `bench`: its request and its result (the sets are checked as they are read, src/benchmark/sets.ts). */
import type { BenchBackend, BenchConnectivity } from '../../benchmark/engines.js';
import type { SetReport } from '../../benchmark/report.js';
import type { BenchSet } from '../../benchmark/sets.js';
import type { Engine } from '../../solve/engines.js';
import type { Bounded } from '../bounded.js';

/** Solve every puzzle of some sets on worker threads, judge each answer against the set's, time them. */
export interface BenchRequest extends Bounded {
  readonly command: 'bench';
  readonly sets: readonly BenchSet[];
  readonly engine?: Engine;
  readonly backend?: BenchBackend;
  readonly connectivity?: BenchConnectivity;
  readonly jobs?: number;
  /** Puzzles each worker solves untimed first (default 50, at most 2 s). */
  readonly warmup?: number;
  /** `timeoutMs` is per puzzle here; the first puzzles' limit counts from this instant (performance.now() scale), if given. */
  readonly firstStartedAt?: number;
}

/** One report per set: outcomes, times, proofs. */
export type BenchResult = readonly SetReport[];

/** Nothing to check at the door: the sets were checked as they were read. */
export function checkBench(_request: BenchRequest): void {}
