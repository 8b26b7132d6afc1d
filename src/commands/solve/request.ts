/** `solve`: its request, its result and their checks at the door. */
import { UsageError } from '../../control/errors.js';
import { conventions, type Convention } from '../../puzzle/convention.js';
import type { Puzzle } from '../../puzzle/puzzle.js';
import { backendNames, type BackendName } from '../../sat/backend.js';
import { solveConnectivities } from '../../solve/defaults.js';
import { engines, type Engine, type EngineResult } from '../../solve/engines.js';
import type { Certificate } from '../../certify/make.js';
import type { Bounded } from '../bounded.js';
import { validateChoice, validateCount, validatePuzzle } from '../validate.js';

export type Connectivity = (typeof solveConnectivities)[number];

/** Solve and prove the verdict: `unique` only when no second solution exists. */
export interface SolveRequest extends Bounded {
  readonly command: 'solve';
  readonly puzzle: Puzzle;
  /** `hybrid` (default: deductions first, SAT for what they leave open), `sat`, `rules`. */
  readonly engine?: Engine;
  /** `cadical` (default), `minisat`, or `external` with `solverCmd` (Node only). */
  readonly backend?: BackendName;
  readonly solverCmd?: string;
  readonly convention?: Convention;
  /** `lazy` (default) connectivity cuts, or the complete distance-layer CNF. */
  readonly connectivity?: Connectivity;
  /** List up to this many solutions (two are always sought, to decide uniqueness). */
  readonly maxSolutions?: number;
  /**
   * Also make a certificate of the verdict (src/certify/): the complete CNF, the solutions and a
   * DRAT refutation that anyone can check (`verify`). Only for `unique`, `none` and `multiple`.
   */
  readonly certificate?: boolean;
}

/** A solve's verdict and solutions (each passed the independent checker), and how it was proven. */
export type SolveResult = EngineResult & {
  /** With `certificate: true` and a proven verdict: the certificate's files (checked before they are handed out). */
  readonly certificate?: Certificate;
};

export function checkSolve(request: SolveRequest): void {
  validatePuzzle(request.puzzle);
  validateChoice('engine', request.engine, engines);
  validateChoice('backend', request.backend, backendNames);
  validateChoice('convention', request.convention, conventions);
  validateChoice('connectivity', request.connectivity, solveConnectivities);
  validateCount('maxSolutions', request.maxSolutions);
  if (request.backend === 'external' && (typeof request.solverCmd !== 'string' || request.solverCmd.trim() === ''))
    throw new UsageError('backend "external" needs solverCmd, the solver command line (e.g. "cadical")');
  if (request.certificate !== undefined && typeof request.certificate !== 'boolean')
    throw new UsageError(`certificate is true or false, got ${JSON.stringify(request.certificate)}`);
  if (request.solverCmd !== undefined && request.backend !== 'external')
    throw new UsageError(`solverCmd goes with backend "external", not ${JSON.stringify(request.backend ?? 'cadical')}`);
}
