/**
 * hitori-sat's library: parse and format puzzles, solve with a proven verdict, explain and rate
 * with the rule engine, export DIMACS, draw, check, make and verify certificates of verdicts. Browser-safe: nothing here reaches a `node:`
 * module. `hitori-sat/node` (src/node.ts) adds external solver programs, worker threads and
 * JSON Lines batches.
 *
 * @example
 * import { parse, solve, render } from 'hitori-sat';
 * const puzzle = parse('1 1\n2 1\n');
 * const { status, solutions } = await solve(puzzle);   // 'unique'
 * render(puzzle, { cells: solutions[0] });             // '1 #\n2 1\n'
 */
export {
  parse,
  format,
  solve,
  explain,
  hint,
  rate,
  ambiguity,
  repair,
  toDimacs,
  render,
  check,
  formats,
  engines,
  backends,
  conventions,
  type Format,
  type ParseOptions,
  type FormatOptions,
  type Explanation,
  type HintReport,
  type Rating,
  type AmbiguityReport,
  type RepairReport,
  type RenderOptions,
  type Cells,
} from './api/library.js';
export { run } from './api/run.js';
export type * from './api/requests.js';
export { validatePuzzle } from './commands/validate.js';
export {
  makeCertificate,
  verifyCertificate,
  type Certificate,
  type CertificateFiles,
  type CertificateOptions,
  type CertifiedVerdict,
  type Manifest,
  type ProofKind,
  type SatProver,
  type VerifyOptions,
  type VerifyResult,
} from './certify/index.js';
export { readTar, writeTar } from './formats/tar.js';
export { generationProblem, generationReach, type GenerationChoice, type Reach } from './generate/generate-support.js';
export {
  InputError,
  TooLargeError,
  TimeoutError,
  SolverError,
  UsageError,
  HitoriSatError,
  errorKinds,
  exitCodes,
  exitCodeOf,
  exitCodeOfKind,
  errorKindOf,
  type ErrorKind,
  type InputPlace,
} from './control/errors.js';
export type { ProgressEvent } from './control/progress.js';
export type { BackendName } from './sat/backend.js';
export type { Verdict } from './solve/defaults.js';
export type { Puzzle, Shading } from './puzzle/puzzle.js';
export type { Convention } from './puzzle/convention.js';
export type { Violation, RuleName } from './puzzle/check.js';
export type { Engine } from './solve/engines.js';
export type { Level, RuleSet } from './rules/index.js';
