/**
 * Makes a certificate for a puzzle's verdict (layout.ts): solves it with the default engine
 * (src/solve/engines.ts), or takes the verdict of a solve already made, builds the complete CNF (formula.ts), and for `unique` and `none` a
 * DRAT refutation of it: the deduction core's cells as RUP lemmas (deduction-proof.ts) and, for
 * what they leave open, a SAT solver's proof: by default CaDiCaL in WebAssembly on the rules
 * without the layers, connectivity as cut lemmas (cut-prover.ts), or a prover given the whole CNF
 * (the layered one in WebAssembly, wasm-prover.ts; in Node the external one, external-prover.ts).
 * The result is plain data, file name -> content: browser-safe, and written by the caller.
 *
 * Before it is handed out the certificate is checked as anyone would check it
 * (verifyCertificate): a proof the checker rejects is an error, never a certificate.
 */
import type { HitoriVars } from '../../encodings/variables.js';
import { Limit } from '../control/limit.js';
import type { Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { formatText } from '../formats/text.js';
import { formatShadingFile } from '../maxblack/maxblack-shading.js';
import { checkShading } from '../puzzle/check.js';
import { BLACK } from '../rules/cell-state.js';
import { DeductionCore } from '../rules/core.js';
import { Cnf } from '../sat/cnf.js';
import { solveWithEngine } from '../solve/engines.js';
import { SolverError, TimeoutError } from '../control/errors.js';
import { proveByCuts } from './cut-prover.js';
import { type DeducedCell, proveDeductions } from './deduction-proof.js';
import { dimacsBytes } from './dimacs-bytes.js';
import { DratWriter } from './drat-writer.js';
import { certificateCnf } from './formula.js';
import {
  certificateFormat,
  type CertifiedVerdict,
  fileNames,
  type Manifest,
  type ProofKind,
  puzzleFingerprint,
  readmeText,
  solutionFiles,
} from './layout.js';
import type { SatProver } from './sat-prover.js';
import { verifyCertificate } from './verify.js';

/** A certificate's files: name -> content (text, or bytes for the binary proof). */
export type CertificateFiles = Record<string, string | Uint8Array>;

export interface CertificateOptions {
  readonly convention?: Convention;
  /** Gives up (TimeoutError) after this many milliseconds, solving and proving together. */
  readonly timeoutMs?: number;
  /** The limit to keep instead of `timeoutMs` (a request's, handed down from the door). */
  readonly limit?: Limit;
  /**
   * Proves what the deductions leave open on the whole CNF (with the deduced cells as units).
   * By default none: CaDiCaL in WebAssembly proves it on the rules, with connectivity cuts (cut-prover.ts).
   */
  readonly prover?: SatProver;
  /** Checks the finished certificate with verifyCertificate before returning it (default true). */
  readonly selfCheck?: boolean;
  /** false: the SAT solver proves everything, no deduction lemma is written (default true). */
  readonly deductions?: boolean;
  /**
   * The verdict and the solutions that a solve of this puzzle under the same convention already
   * found (`solve --certificate` has just solved it): the certificate is made from them instead
   * of solving again. Not taken on trust: each solution must pass the independent checker, and
   * the certificate is verified before it is returned (unless `selfCheck` is false).
   */
  readonly solved?: { readonly status: CertifiedVerdict; readonly solutions: readonly Shading[] };
}

export interface Certificate {
  readonly verdict: CertifiedVerdict;
  readonly files: CertificateFiles;
  readonly manifest: Manifest;
  /** Milliseconds: the solve (0 when `solved` was given), and the certificate as a whole (the solve included). */
  readonly solveMs: number;
  readonly makeMs: number;
}

/**
 * The CNF with the deduced cells as units, for a prover given the whole CNF: its proof's lemmas
 * are then RUP over the CNF with the deduction lemmas before them, which decide those cells.
 */
function withUnits(cnf: Cnf, vars: HitoriVars, decided: readonly (boolean | null)[]): Cnf {
  const rest = new Cnf();
  rest.append(cnf);
  decided.forEach((black, i) => {
    if (black !== null) rest.add([black ? vars.shaded(i) : -vars.shaded(i)]);
  });
  return rest;
}

/** The deduction core's trail: every cell it decided, in order, with why. */
function deducedCells(puzzle: Puzzle, limit: Limit): DeducedCell[] {
  const core = new DeductionCore(puzzle, limit);
  try {
    core.run({ limit });
    const out: DeducedCell[] = [];
    for (let t = 0; t < core.size; t++) {
      const cell = core.trail[t]!;
      out.push({ cell, black: core.state[cell] === BLACK, why: core.why[cell]! });
    }
    return out;
  } finally {
    core.release();
  }
}

/** The verdict to certify and its solutions: the solve given (its solutions checked), or a solve of the default engine. */
async function verdictOf(
  puzzle: Puzzle,
  convention: Convention,
  limit: Limit,
  solved: CertificateOptions['solved'],
): Promise<{ verdict: CertifiedVerdict; solutions: Shading[] }> {
  if (solved !== undefined) {
    const { status } = solved;
    const solutions = status === 'none' ? [] : solved.solutions.slice(0, status === 'unique' ? 1 : 2);
    if (solutions.length < (status === 'none' ? 0 : status === 'unique' ? 1 : 2))
      throw new SolverError(`the verdict ${status} came with ${solved.solutions.length} solution(s)`);
    for (const shading of solutions) {
      const violations = checkShading(puzzle, shading, convention);
      if (violations.length > 0) throw new SolverError(`a solution given with the verdict ${status} is not one: ${violations[0]!.message}`);
    }
    return { verdict: status, solutions };
  }
  const result = await solveWithEngine(puzzle, { convention, maxSolutions: 2, limit });
  if (result.status === 'timeout') throw new TimeoutError('the time limit passed before the puzzle was solved');
  if (result.status === 'stuck') throw new SolverError('the engine could not decide the puzzle');
  const verdict: CertifiedVerdict = result.status;
  return { verdict, solutions: verdict === 'none' ? [] : result.solutions.slice(0, verdict === 'unique' ? 1 : 2) };
}

export async function makeCertificate(puzzle: Puzzle, options: CertificateOptions = {}): Promise<Certificate> {
  const started = performance.now();
  const convention = options.convention ?? 'literal';
  const limit = options.limit ?? Limit.after(options.timeoutMs);
  const { verdict, solutions } = await verdictOf(puzzle, convention, limit, options.solved);
  const solveMs = options.solved === undefined ? performance.now() - started : 0;
  const blocked = verdict === 'unique' ? solutions[0]! : undefined;
  const { cnf, vars } = certificateCnf(puzzle, convention, blocked);
  const names = solutionFiles(solutions.length);
  let proof: Manifest['proof'] = null;
  const files: CertificateFiles = {
    [fileNames.puzzle]: formatText(puzzle),
    [fileNames.cnf]: dimacsBytes(cnf),
  };
  solutions.forEach((shading, k) => {
    files[names[k]!] = formatShadingFile(puzzle.rows, puzzle.cols, [...shading]);
  });
  if (verdict !== 'multiple') {
    const trail = options.deductions === false ? null : deducedCells(puzzle, limit);
    const deduced =
      trail === null
        ? { steps: [], decided: [], refuted: false }
        : proveDeductions(puzzle, vars, trail, {
            blocksCompleteShading:
              blocked !== undefined && trail.length === blocked.length && trail.every((d) => blocked[d.cell] === d.black),
          });
    const writer = new DratWriter();
    writer.append(deduced.steps);
    const cellsDeduced = deduced.decided.filter((d) => d !== null).length;
    /** Lemmas from the deductions: their own, then (before a SAT part) the deduced cells as units. */
    let deductionLemmas = writer.additions;
    let kind: ProofKind = 'deduction';
    let solver: string | undefined;
    if (!deduced.refuted) {
      // The SAT part starts from the deduced cells: each a unit lemma (RUP over the deduction
      // lemmas, by a probe of the opposite colour where unit propagation alone does not reach it).
      deduced.decided.forEach((black, i) => {
        if (black !== null) writer.add([black ? vars.shaded(i) : -vars.shaded(i)]);
      });
      deductionLemmas = writer.additions;
      const sat =
        options.prover === undefined
          ? await proveByCuts(puzzle, cnf, vars, deduced.decided, { limit })
          : await options.prover(withUnits(cnf, vars, deduced.decided), { limit });
      if (sat.status === 'unknown') throw new TimeoutError('the time limit passed while the SAT solver proved the verdict');
      if (sat.status !== 'unsatisfiable')
        throw new SolverError(`the SAT solver found the certificate's CNF satisfiable, against the verdict ${verdict}`);
      writer.append(sat.steps);
      kind = cellsDeduced > 0 ? 'deduction+sat' : 'sat';
      solver = sat.solver;
    }
    files[fileNames.proof] = writer.finish();
    proof = {
      file: fileNames.proof,
      kind,
      ...(solver === undefined ? {} : { solver }),
      deductionLemmas,
      satLemmas: writer.additions - deductionLemmas,
      cellsDeduced,
    };
  }
  const manifest: Manifest = {
    format: certificateFormat,
    verdict,
    puzzle: { file: fileNames.puzzle, rows: puzzle.rows, cols: puzzle.cols, fingerprint: puzzleFingerprint(puzzle) },
    cnf: { file: fileNames.cnf, connectivity: 'layers', convention, blocksSolution: blocked !== undefined },
    solutions: names,
    proof,
  };
  files[fileNames.manifest] = `${JSON.stringify(manifest, null, 2)}\n`;
  files[fileNames.readme] = readmeText(manifest);
  if (options.selfCheck !== false) {
    const check = verifyCertificate(files);
    if (!check.ok) throw new SolverError(`the certificate made does not verify: ${check.problem}`);
  }
  return { verdict, files, manifest, solveMs, makeMs: performance.now() - started };
}
