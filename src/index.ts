/** hitori-sat's public library API. */
export { type Puzzle, type Shading, puzzleFromGrid, shadingFromGrid, shadingToGrid, cellName } from './puzzle/puzzle.js';
export { geometry, geometryOf, neighbours, lineMates, matesOf, type Geometry, type LineMates } from './puzzle/geometry.js';
export { checkShading, isSolution, type Violation, type RuleName } from './puzzle/check.js';
export { conventions, type Convention } from './puzzle/convention.js';
export { parsePuzzle, detectFormat, inputFormats, type InputFormat } from './formats/detect.js';
export { parseText, formatText } from './formats/text.js';
export { parseJson, parseJsonLines, type PuzzleRecord } from './formats/json.js';
export { InputError, type InputPlace } from './formats/input-error.js';
export { IDPool, type PoolKey } from './sat/pool.js';
export { Cnf, type Clause } from './sat/cnf.js';
export { toDimacs, dimacsChunks, parseDimacs, parseSolverOutput, DimacsError, type SolverAnswer } from './sat/dimacs.js';
export {
  backendNames,
  BackendError,
  type Backend,
  type BackendName,
  type BackendStats,
  type SolveCall,
  type SolveStatus,
} from './sat/backend.js';
export { createBackend, type BackendOptions } from './sat/backends/index.js';
export {
  encodeHitori,
  blockingClause,
  connectivityModes,
  type ConnectivityMode,
  type EncodeOptions,
  type HitoriCnf,
} from '../encodings/index.js';
export { HitoriVars } from '../encodings/variables.js';
export {
  solveHitori,
  decodeShading,
  defaultBackend,
  verdicts,
  CheckFailedError,
  type SolveOptions,
  type SolveResult,
  type Verdict,
} from './solve/solve.js';
export { solveBounded } from './solve/bounded.js';
export { solveWithEngine, engines, type Engine, type EngineOptions, type EngineResult, type RulesSummary } from './solve/engines.js';
export { solveByRules, rate, explainLines, uniquenessHolds, type RulesOptions, type RulesResult, type Rating } from './rules/index.js';
export { renderShading, renderPartial } from './render/text.js';
