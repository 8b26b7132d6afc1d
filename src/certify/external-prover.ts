/**
 * A SAT prover for Node: a CaDiCaL program (Debian's `cadical` by default) run as the external
 * backend with a DRAT proof file as its second argument (`cadical CNF PROOF`), as the maxblack
 * refutations do (src/solve/drat-refutation.ts). The proof, binary or text, is read back as steps
 * for the certificate's own proof file. Node only: it runs a program and reads a file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeBackend } from '../sat/backends/node.js';
import type { Cnf } from '../sat/cnf.js';
import { dratSteps } from '../sat/drat-check.js';
import { SolverError } from '../control/errors.js';
import type { ProofStep, ProveCall, SatProof, SatProver } from './sat-prover.js';

/** A prover running `solver` (a CaDiCaL-compatible program that writes DRAT to its second argument). */
export function externalProver(solver = 'cadical'): SatProver {
  return async (cnf: Cnf, call: ProveCall = {}): Promise<SatProof> => {
    const dir = mkdtempSync(join(tmpdir(), 'hitori-proof-'));
    const proofPath = join(dir, 'proof.drat');
    try {
      let backend: Awaited<ReturnType<typeof createNodeBackend>>;
      try {
        backend = await createNodeBackend('external', { solverCmd: `${solver} -q {cnf} ${proofPath}` });
      } catch (error) {
        throw new SolverError(
          `no DRAT-writing solver: ${(error as Error).message} (install Debian's cadical, or certify with CaDiCaL in WebAssembly)`,
          'external',
        );
      }
      let status: Awaited<ReturnType<typeof backend.solve>>;
      try {
        backend.addCnf(cnf);
        status = await backend.solve(call.limit === undefined ? {} : { limit: call.limit });
      } finally {
        backend.dispose();
      }
      if (status !== 'unsatisfiable') return { status, steps: [], solver };
      const steps: ProofStep[] = [...dratSteps(readFileSync(proofPath))];
      // CaDiCaL writes the empty clause as it concludes; added once more in case a build does not.
      if (!steps.some((s) => !s.deleted && s.lits.length === 0)) steps.push({ deleted: false, lits: [] });
      return { status, steps, solver: `${solver} (DRAT)` };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
