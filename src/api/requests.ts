/**
 * The one request type. Every face of hitori-sat (the CLI's commands, a batch line, the bench, the
 * web page's worker, a library caller) says what it wants as one of these plain-data requests and
 * gets back the one result type of its command (`ResultOf`). Requests carry parsed puzzles, not
 * file names: reading and writing files is the face's business, the work is the library's.
 *
 * Requests are structured-clone safe (plain objects, arrays, strings, numbers, booleans), so they
 * cross to worker threads unchanged. Limits: `timeoutMs` counts from when the request starts; a
 * caller's AbortSignal and progress listener go beside the request (RunOptions), not in it.
 */
import type { CommandName, Request } from '../commands/table.js';
import type { RunOptions } from '../commands/handler.js';
import type { AmbiguityRequest } from '../commands/ambiguity/request.js';
import type { DimacsRequest } from '../commands/dimacs/request.js';
import type { EnumerationResult, EnumerationSpec, MissingShards, ShardFile } from '../commands/enumerate/request.js';
import type { ExplainRequest } from '../commands/explain/request.js';
import type { HintRequest } from '../commands/hint/request.js';
import type { RateRequest } from '../commands/rate/request.js';
import type { RepairRequest, RepairResult } from '../commands/repair/request.js';
import type { SolveRequest } from '../commands/solve/request.js';
import type { Symmetry } from '../generate/generate.js';
import type { Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import type { NumberChange } from '../repair/repair.js';
import type { RuleSet } from '../rules/index.js';

// Each command's request and result types live in its folder (src/commands/<name>/request.ts),
// the union and the maps by command in the table (src/commands/table.ts); callers find them here.
export type { CommandName, Request, ResultOf, ItemOf } from '../commands/table.js';
export type { RunOptions };
export type { SolveRequest, SolveResult, Connectivity } from '../commands/solve/request.js';
export type { DimacsRequest, DimacsResult } from '../commands/dimacs/request.js';
export type { DecodeRequest, DecodeResult } from '../commands/decode/request.js';
export type { ConvertRequest, ConvertResult } from '../commands/convert/request.js';
export type { ExplainRequest, ExplainResult } from '../commands/explain/request.js';
export type { HintRequest, HintResult } from '../commands/hint/request.js';
export type { RateRequest, RateResult } from '../commands/rate/request.js';
export type { AmbiguityRequest, AmbiguityResult } from '../commands/ambiguity/request.js';
export type { RepairRequest } from '../commands/repair/request.js';
export type { GenerateRequest, GenerateResult } from '../commands/generate/request.js';
export type { EnumerateRequest, EnumerateResult } from '../commands/enumerate/request.js';
export type { MaxBlackRequest, MaxBlackAnswer } from '../commands/maxblack/request.js';
export type { BenchRequest, BenchResult } from '../commands/bench/request.js';
export type { VerifyRequest } from '../commands/verify/request.js';

/** The library function's options: the request's fields, the signal and the listeners. */
type OptionsOf<R extends Request, C extends CommandName> = Omit<R, 'command' | 'puzzle'> & RunOptions<C>;
export type SolveOptions = OptionsOf<SolveRequest, 'solve'>;
export type ExplainOptions = OptionsOf<ExplainRequest, 'explain'>;
export type HintOptions = OptionsOf<Omit<HintRequest, 'marks'>, 'hint'>;
export type RateOptions = OptionsOf<RateRequest, 'rate'>;
export type DimacsOptions = OptionsOf<DimacsRequest, 'dimacs'>;
export type AmbiguityOptions = OptionsOf<AmbiguityRequest, 'ambiguity'>;
export type RepairOptions = OptionsOf<RepairRequest, 'repair'>;

export type {
  Puzzle,
  Shading,
  Convention,
  ShardFile,
  MissingShards,
  EnumerationSpec,
  EnumerationResult,
  RuleSet,
  RepairResult,
  NumberChange,
  Symmetry,
};
