/**
 * A refutation of "some valid shading of an m x n board has at least k shaded cells" that others
 * can check: the complete CNF (non-adjacency, the distance-layer connectivity of
 * encodings/connectivity-layers.ts, and a totalizer "at least k" with its output as a unit
 * clause; no lazy cuts, no implied clauses, no symmetry breaking, so every valid shading with k
 * or more shaded cells is a model and the certificate covers the whole claim), solved by a
 * CaDiCaL program run as the external backend with a DRAT proof file as its second argument, and
 * the proof checked by src/sat/drat-check.ts, which shares no code with the encoders.
 *
 * Node only: it runs a solver program and writes files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeAtLeastTotalizer } from '../../encodings/cardinality-totalizer.js';
import { encodeAdjacency } from '../../encodings/adjacency.js';
import { encodeConnectivityLayers } from '../../encodings/connectivity-layers.js';
import { HitoriVars } from '../../encodings/variables.js';
import { createNodeBackend } from '../sat/backends/node.js';
import { Cnf } from '../sat/cnf.js';
import { checkDrat, type DratResult } from '../sat/drat-check.js';
import { blankBoard } from './maxblack.js';

/** The complete CNF of "a valid shading of rows x cols with at least k shaded cells". */
export function maxBlackCnf(rows: number, cols: number, k: number): Cnf {
  const board = blankBoard(rows, cols);
  const n = rows * cols;
  const vars = new HitoriVars(board);
  const cnf = new Cnf();
  cnf.declare(n);
  cnf.comments.push(`hitori-sat maxblack: a valid shading of a ${rows}x${cols} board with at least ${k} shaded cells`);
  cnf.comments.push('variables 1..rows*cols: cell shaded (row-major); non-adjacency, distance-layer connectivity, totalizer');
  encodeAdjacency(board, vars, cnf);
  encodeConnectivityLayers(board, vars, cnf);
  let counted = 0;
  const outputs = encodeAtLeastTotalizer(
    Array.from({ length: n }, (_, i) => vars.shaded(i)),
    k,
    () => vars.pool.id(['count', counted++]),
    cnf,
  );
  const o = outputs[k - 1];
  cnf.add(o === undefined ? [] : [o]);
  return cnf;
}

export interface RefutationResult {
  /** `refuted`: unsatisfiable, with a proof that the checker accepted; `satisfiable`; `unknown`: out of time. */
  readonly status: 'refuted' | 'satisfiable' | 'unknown' | 'proof rejected';
  readonly cnf: Cnf;
  /** The proof file (binary DRAT), when the solver answered unsatisfiable. */
  readonly proofPath: string | null;
  readonly proofBytes: number;
  readonly check: DratResult | null;
  readonly solveMs: number;
  readonly checkMs: number;
}

/**
 * Solves the complete CNF of "at least k" with `solver` (a CaDiCaL binary; Debian's `cadical`),
 * the DRAT proof written to `dir`, and checks the proof.
 */
export async function refuteAtLeast(
  rows: number,
  cols: number,
  k: number,
  options: { readonly dir: string; readonly solver?: string; readonly timeoutMs?: number; readonly checkTimeoutMs?: number },
): Promise<RefutationResult> {
  const cnf = maxBlackCnf(rows, cols, k);
  const proofPath = join(options.dir, `maxblack-${rows}x${cols}-${k}.drat`);
  const backend = await createNodeBackend('external', { solverCmd: `${options.solver ?? 'cadical'} -q {cnf} ${proofPath}` });
  const started = performance.now();
  let status: Awaited<ReturnType<typeof backend.solve>>;
  try {
    backend.addCnf(cnf);
    status = await backend.solve(options.timeoutMs === undefined ? {} : { deadline: Date.now() + options.timeoutMs });
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
  const check = checkDrat(cnf, proof, options.checkTimeoutMs === undefined ? {} : { deadline: Date.now() + options.checkTimeoutMs });
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
