/** What a bench reports of a set: types only, so that the request API can name them without loading the runner. */
import type { BenchBackend, BenchConnectivity, Engine } from './engines.js';
import type { Outcome } from './judge.js';

export interface PuzzleOutcome {
  readonly id: string;
  readonly line: number;
  readonly outcome: Outcome;
  readonly problem?: string;
  readonly timeMs: number;
}

export interface SetReport {
  readonly name: string;
  readonly n: number;
  readonly correct: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly perSecond: number;
  readonly peakRssMiB: number;
  readonly backend: BenchBackend;
  readonly connectivity: BenchConnectivity;
  readonly engine: Engine;
  readonly jobs: number;
  /** How the verdicts were proven: by the deductions alone, or by SAT (the rest had no verdict). */
  readonly proofs: { readonly deduction: number; readonly sat: number };
  /** Every puzzle that is not correct, in file order, with why. */
  readonly failures: readonly PuzzleOutcome[];
  readonly wallMs: number;
}
