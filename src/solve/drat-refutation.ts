/**
 * A refutation others can check: a complete formula (no lazy cuts: every model of the claim is a
 * model of the CNF, so the certificate covers the whole claim) solved by a CaDiCaL program run as
 * the external backend with a DRAT proof file as its second argument, and the proof checked by
 * src/sat/drat-check.ts, which shares no code with the encoders.
 *
 * Node only: it runs a solver program and reads the proof file.
 */
import { readFileSync } from 'node:fs';
import { TimeoutError } from '../control/errors.js';
import type { Limit } from '../control/limit.js';
import { createNodeBackend } from '../sat/backends/node.js';
import type { Cnf } from '../sat/cnf.js';
import { checkDrat, type DratResult } from '../sat/drat-check.js';
import type { HitoriFormula } from './formula.js';

export interface DratRefutation {
  /** `refuted`: unsatisfiable, with a proof that the checker accepted; `satisfiable`; `unknown`: out of time. */
  readonly status: 'refuted' | 'satisfiable' | 'unknown' | 'proof rejected';
  /** The CNF solved and checked. */
  readonly cnf: Cnf;
  /** The proof file (binary DRAT), when the solver answered unsatisfiable. */
  readonly proofPath: string | null;
  readonly proofBytes: number;
  readonly check: DratResult | null;
  readonly solveMs: number;
  readonly checkMs: number;
}

export interface DratOptions {
  /** Where the proof is written. */
  readonly proofPath: string;
  /** The CaDiCaL program (default Debian's `cadical`). */
  readonly solver?: string;
  /** Bounds the solve: past it the result is `unknown` (out of time), not an error. */
  readonly limit?: Limit;
  /** Bounds the proof check: past it, its TimeoutError. */
  readonly checkLimit?: Limit;
}

/** Solves the formula (all of it: no session may have loaded it) with a DRAT proof, and checks the proof. */
export async function refuteWithDrat(formula: HitoriFormula, options: DratOptions): Promise<DratRefutation> {
  const cnf = formula.take();
  const { proofPath } = options;
  const backend = await createNodeBackend('external', { solverCmd: `${options.solver ?? 'cadical'} -q {cnf} ${proofPath}` });
  const started = performance.now();
  let status: Awaited<ReturnType<typeof backend.solve>> | 'unknown';
  try {
    backend.addCnf(cnf);
    status = await backend.solve(options.limit === undefined ? {} : { limit: options.limit });
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    status = 'unknown';
  } finally {
    backend.dispose();
  }
  const solveMs = performance.now() - started;
  if (status !== 'unsatisfiable')
    return {
      status: status === 'satisfiable' ? 'satisfiable' : 'unknown',
      cnf,
      proofPath: null,
      proofBytes: 0,
      check: null,
      solveMs,
      checkMs: 0,
    };
  const proof = readFileSync(proofPath);
  const checkStart = performance.now();
  const check = checkDrat(cnf, proof, options.checkLimit === undefined ? {} : { limit: options.checkLimit });
  return {
    status: check.verified ? 'refuted' : 'proof rejected',
    cnf,
    proofPath,
    proofBytes: proof.length,
    check,
    solveMs,
    checkMs: performance.now() - checkStart,
  };
}
