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
import type { BenchBackend, BenchConnectivity } from '../benchmark/engines.js';
import type { SetReport } from '../benchmark/report.js';
import type { BenchSet } from '../benchmark/sets.js';
import type { EnumerationResult, EnumerationSpec } from '../enumerate/enumerate-result.js';
import type { MissingShards, ShardFile } from '../enumerate/enumerate-merge.js';
import type { Shard } from '../enumerate/enumerate-split.js';
import type { GeneratedPuzzle, Symmetry } from '../generate/generate.js';
import type { NumberChange, RepairResult } from '../repair/repair.js';
import type { AmbiguityMap } from '../solve/ambiguity.js';
import type { MaxBlackConnectivity, MaxBlackResult } from '../maxblack/maxblack.js';
import type { AtLeastResult } from '../maxblack/maxblack-aimed.js';
import type { ConstructResult } from '../maxblack/maxblack-construct.js';
import type { ShadingVerdict } from '../maxblack/maxblack-shading.js';
import type { GrowResult } from '../maxblack/maxblack-grow.js';
import type { ProgressListener } from '../control/progress.js';
import type { Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import type { ExplainRun } from '../rules/explain.js';
import type { Level, RuleRating, RuleSet } from '../rules/index.js';
import type { BackendName } from '../sat/backend.js';
import type { Engine, EngineResult } from '../solve/engines.js';
import type { Hint, Marks } from '../solve/hint.js';
import type { solveConnectivities } from '../solve/defaults.js';
import type { Violation } from '../puzzle/check.js';
import type { FormatName } from '../formats/document.js';

/** The commands, in the order the CLI lists them. */
export const commands = [
  'solve',
  'dimacs',
  'decode',
  'convert',
  'explain',
  'hint',
  'rate',
  'ambiguity',
  'repair',
  'generate',
  'enumerate',
  'maxblack',
  'bench',
] as const;
export type CommandName = (typeof commands)[number];

/** What every request may carry. */
interface Bounded {
  /** Stop after this many milliseconds, counted from `startedAt`. */
  readonly timeoutMs?: number;
  /**
   * When the limit started, on the `performance.now()` scale (default: when the request starts).
   * The CLI passes 0, the process start: a command's --timeout covers its start-up too.
   */
  readonly startedAt?: number;
}

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
}

/** The complete CNF in DIMACS, optionally with a solution blocked (UNSATISFIABLE then proves it unique). */
export interface DimacsRequest extends Bounded {
  readonly command: 'dimacs';
  readonly puzzle: Puzzle;
  readonly convention?: Convention;
  /** A solution to forbid; it must be one (checked), or the proof would mean nothing. */
  readonly block?: Shading;
  /** Where the blocked solution came from, for the CNF's comment. */
  readonly blockSource?: string;
}

/** A SAT solver's answer to the DIMACS export, mapped back to the grid and checked. */
export interface DecodeRequest extends Bounded {
  readonly command: 'decode';
  readonly puzzle: Puzzle;
  /** The solver's output: `s`/`v` lines, MiniSat's result file, or a bare literal list. */
  readonly model: string;
  /** The model's name in error messages (a file name, "stdin"). */
  readonly modelSource?: string;
  readonly convention?: Convention;
}

/** A puzzle (and its answer or marks, where the format has room) in another format. */
export interface ConvertRequest extends Bounded {
  readonly command: 'convert';
  readonly puzzle: Puzzle;
  readonly solution?: Shading;
  readonly marks?: Marks;
  /** A puzzle format, or `svg` (the picture; PNG is the CLI's rasterisation of it). */
  readonly to: FormatName | 'svg';
}

/** The rule engine's solve, every deduction told. */
export interface ExplainRequest extends Bounded {
  readonly command: 'explain';
  readonly puzzle: Puzzle;
  /** The highest technique class, `A` .. `G` (default). */
  readonly maxLevel?: Level;
  /** `all` (default), `thesis`, `two-sat`. */
  readonly techniques?: RuleSet;
  /** Use the techniques that assume a unique solution (default true). */
  readonly assumeUnique?: boolean;
}

/** For a puzzle in progress: the wrong marks, or else the next deduction. */
export interface HintRequest extends Bounded {
  readonly command: 'hint';
  readonly puzzle: Puzzle;
  /** true shaded, false marked unshaded, null not marked; absent for a fresh puzzle. */
  readonly marks?: Marks;
  /**
   * The player's page circles the neighbours of every shaded cell by itself (as puzz.link
   * offers): unmarked neighbours of shaded marks count as marked white, so no hint is spent on
   * them alone, and a step that shades is preferred among the cheapest (default false).
   */
  readonly circleNeighbours?: boolean;
}

/** The difficulty class A..G (thesis Table 5) by the rule engine. */
export interface RateRequest extends Bounded {
  readonly command: 'rate';
  readonly puzzle: Puzzle;
  /** `thesis` (default), `two-sat`, `all`. */
  readonly techniques?: RuleSet;
}

/** Which cells have the same colour in every solution (forced) and which differ (free): the backbone, by SAT. */
export interface AmbiguityRequest extends Bounded {
  readonly command: 'ambiguity';
  readonly puzzle: Puzzle;
  readonly convention?: Convention;
}

/**
 * The fewest number changes (each to a number of 1..K+1, K the grid's largest) that make the
 * puzzle uniquely solvable, proven minimal: over any solution, or keeping `keep` (rules as
 * written). Progress: one event per bound proven. See src/repair/repair.ts.
 */
export interface RepairRequest extends Bounded {
  readonly command: 'repair';
  readonly puzzle: Puzzle;
  /** The solution to keep (scope `keep-solution`); default: any solution (scope `any-solution`). */
  readonly keep?: Shading;
  /** Search up to this many changes (default: no bound; the time limit may stop the search first). */
  readonly maxChanges?: number;
  /** List up to this many minimal change sets (default 5). */
  readonly alternatives?: number;
}

/** Puzzles with exactly one solution (proven by SAT), optionally of one class. */
export interface GenerateRequest extends Bounded {
  readonly command: 'generate';
  readonly rows: number;
  readonly cols: number;
  readonly count?: number;
  /** The same seed gives the same puzzles, whatever `jobs`. */
  readonly seed: string;
  readonly class?: Level;
  readonly symbols?: number;
  readonly convention?: Convention;
  /** The solution's shading, rows x cols (true shaded): numbers are filled around it. */
  readonly pattern?: Shading;
  /** A symmetry of the generated shading: `rot180`, `mirror` (left-right), `diagonal` (square boards). */
  readonly symmetry?: Symmetry;
  /** Worker threads (Node only). */
  readonly jobs?: number;
}

/** Count every grid of a size up to renaming the symbols; one shard of it; or add shard results up. */
export type EnumerateRequest = Bounded & { readonly command: 'enumerate'; readonly jobs?: number } & (
    | { readonly spec: EnumerationSpec; readonly shard?: Shard; readonly version: string }
    | { readonly merge: readonly ShardFile[] }
  );

/**
 * The largest number of shaded cells in a valid shading of an empty board, proven (a shading that
 * meets the edge-counting bound, or SAT); or, with `atLeast`, a shading with that many or more;
 * with `construct`, a near-optimal shading of a large square board built directly; with `check`,
 * the verdict on a shading file's text ('#' shaded, '.' unshaded); with `grow`, a shading file's
 * text grown by six rows and six columns (SAT on strips, after the given cuts or each in turn).
 */
export type MaxBlackRequest = Bounded & { readonly command: 'maxblack' } & (
    | { readonly rows: number; readonly cols: number; readonly connectivity?: MaxBlackConnectivity; readonly atLeast?: number }
    | { readonly rows: number; readonly cols: number; readonly construct: true }
    | { readonly check: string; readonly checkSource?: string }
    | { readonly grow: string; readonly growSource?: string; readonly rowCut?: number; readonly colCut?: number }
  );

/** Solve every puzzle of some sets on worker threads, judge each answer against the set's, time them. */
export interface BenchRequest extends Bounded {
  readonly command: 'bench';
  readonly sets: readonly BenchSet[];
  readonly engine?: Engine;
  readonly backend?: BenchBackend;
  readonly connectivity?: BenchConnectivity;
  readonly jobs?: number;
  /** Puzzles each worker solves untimed first (default 50, at most 2 s). */
  readonly warmup?: number;
  /** `timeoutMs` is per puzzle here; the first puzzles' limit counts from this instant (performance.now() scale), if given. */
  readonly firstStartedAt?: number;
}

export type Request =
  | SolveRequest
  | DimacsRequest
  | DecodeRequest
  | ConvertRequest
  | ExplainRequest
  | HintRequest
  | RateRequest
  | AmbiguityRequest
  | RepairRequest
  | GenerateRequest
  | EnumerateRequest
  | MaxBlackRequest
  | BenchRequest;

/** A solve's verdict and solutions (each passed the independent checker), and how it was proven. */
export type SolveResult = EngineResult;

export interface DimacsResult {
  readonly variables: number;
  readonly clauses: number;
  /** The DIMACS text in pieces of about 64 KiB, for writing large formulas to a stream. */
  readonly chunks: () => Iterable<string>;
}

export type DecodeResult =
  /** The solver said UNSATISFIABLE (with a blocked solution: that solution is unique), or UNKNOWN. */
  | { readonly status: 'none' | 'unknown' }
  /** The model's shading, with the rules it breaks under the convention (none: a solution). */
  | { readonly status: 'valid' | 'invalid'; readonly shading: Shading; readonly violations: readonly Violation[] };

export interface ConvertResult {
  readonly output: string;
  /** The rules the document's answer breaks, when it has one (it is copied as given). */
  readonly answerViolations: readonly Violation[];
  /** True when the document has an answer and the format has no room for it. */
  readonly answerDropped: boolean;
  /**
   * For a board in progress (marks with cells not marked) that is not yet a solution: how many
   * cells are marked, and the rules the marks so far already break (checkMarks). In its place,
   * `answerViolations` is then empty: an unfinished board is not a wrong answer.
   */
  readonly unfinished?: { readonly marked: number; readonly cells: number; readonly violations: readonly Violation[] };
}

export type ExplainResult = ExplainRun;
export type HintResult = Hint;
export type RateResult = RuleRating;
export type AmbiguityResult = AmbiguityMap;

export interface GenerateResult {
  readonly puzzles: readonly GeneratedPuzzle[];
  /** False when the time limit ended the run before `count` puzzles. */
  readonly complete: boolean;
}

export type EnumerateResult = EnumerationResult;

export type MaxBlackAnswer =
  | { readonly mode: 'maximum'; readonly result: MaxBlackResult }
  | { readonly mode: 'at-least'; readonly result: AtLeastResult }
  | { readonly mode: 'construct'; readonly result: ConstructResult }
  | { readonly mode: 'check'; readonly result: ShadingVerdict }
  | { readonly mode: 'grow'; readonly result: GrowResult };

/** One report per set: outcomes, times, proofs. */
export type BenchResult = readonly SetReport[];

/** The result type of each command. */
export interface ResultOf {
  readonly solve: SolveResult;
  readonly dimacs: DimacsResult;
  readonly decode: DecodeResult;
  readonly convert: ConvertResult;
  readonly explain: ExplainResult;
  readonly hint: HintResult;
  readonly rate: RateResult;
  readonly ambiguity: AmbiguityResult;
  readonly repair: RepairResult;
  readonly generate: GenerateResult;
  readonly enumerate: EnumerateResult;
  readonly maxblack: MaxBlackAnswer;
  readonly bench: BenchResult;
}

/** What each command hands over as it goes, before its result: solutions as found, puzzles as made. */
export interface ItemOf {
  readonly solve: Shading;
  readonly generate: GeneratedPuzzle;
}

export interface RunOptions<C extends CommandName = CommandName> {
  /** Cancels the request: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** The one progress event, as the work goes (see src/control/progress.ts). */
  readonly onProgress?: ProgressListener;
  /** Each item as soon as it is ready (a solution found and checked, a puzzle generated). */
  readonly onItem?: C extends keyof ItemOf ? (item: ItemOf[C], index: number) => void : never;
}

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
