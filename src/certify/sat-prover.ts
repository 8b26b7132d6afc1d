/**
 * The SAT part of a certificate: a solver that proves a CNF unsatisfiable and hands over the proof
 * as DRAT steps. A prover is a plain function, so the browser-safe maker (make.ts) takes CaDiCaL
 * in WebAssembly by default and a Node caller can hand it the external one (external-prover.ts).
 */
import type { Limit } from '../control/limit.js';
import type { Cnf } from '../sat/cnf.js';

export interface ProofStep {
  readonly deleted: boolean;
  readonly lits: readonly number[];
}

export interface SatProof {
  readonly status: 'unsatisfiable' | 'satisfiable' | 'unknown';
  /** With `unsatisfiable`: the steps, ending with the empty clause. */
  readonly steps: readonly ProofStep[];
  /** Which solver made it, for the manifest: "cadical-wasm (learned clauses, DRUP)". */
  readonly solver: string;
}

export interface ProveCall {
  /** Past it the solver gives up (`unknown`). */
  readonly limit?: Limit;
}

export type SatProver = (cnf: Cnf, call?: ProveCall) => Promise<SatProof>;
