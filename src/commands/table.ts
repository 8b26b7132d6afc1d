/**
 * THE table of commands: each command's name, one line saying what it does, its checks and its
 * browser-safe handler, and whether it has a Node-only handler. The door (src/api/run.ts) checks
 * and dispatches by it, the Node door (src/api/node-run.ts) finds the Node handlers by it, the CLI
 * (src/cli/program.ts) builds its commands from it in its order, and test/commands/table.test.ts
 * holds docs/commands.md to it.
 *
 * A command lives in its folder, `src/commands/<name>/`: `request.ts` (its request and result
 * types and their checks), `handler.ts` (its work in this thread, browser-safe), `node.ts` (only
 * for a command marked `node`: its work under Node, worker threads or solver programs), `cli.ts`
 * (its commander options, parse -> request -> render) and `render.ts` (its report, where it has
 * one of its own). The Node handler and the CLI face are loaded by the command's name, so that
 * this table, which the browser bundle reads, reaches no `node:` module, and the one-shot
 * `solve` and `hint` bundles load no other command's CLI.
 */
import type { GeneratedPuzzle } from '../generate/generate.js';
import type { Shading } from '../puzzle/puzzle.js';
import type { Handler } from './handler.js';
import { handler as ambiguity } from './ambiguity/handler.js';
import { checkAmbiguity, type AmbiguityRequest, type AmbiguityResult } from './ambiguity/request.js';
import { handler as bench } from './bench/handler.js';
import { checkBench, type BenchRequest, type BenchResult } from './bench/request.js';
import { handler as convert } from './convert/handler.js';
import { checkConvert, type ConvertRequest, type ConvertResult } from './convert/request.js';
import { handler as decode } from './decode/handler.js';
import { checkDecode, type DecodeRequest, type DecodeResult } from './decode/request.js';
import { handler as dimacs } from './dimacs/handler.js';
import { checkDimacs, type DimacsRequest, type DimacsResult } from './dimacs/request.js';
import { handler as enumerate } from './enumerate/handler.js';
import { checkEnumerate, type EnumerateRequest, type EnumerateResult } from './enumerate/request.js';
import { handler as explain } from './explain/handler.js';
import { checkExplain, type ExplainRequest, type ExplainResult } from './explain/request.js';
import { handler as generate } from './generate/handler.js';
import { checkGenerate, type GenerateRequest, type GenerateResult } from './generate/request.js';
import { handler as hint } from './hint/handler.js';
import { checkHint, type HintRequest, type HintResult } from './hint/request.js';
import { handler as maxblack } from './maxblack/handler.js';
import { checkMaxBlack, type MaxBlackAnswer, type MaxBlackRequest } from './maxblack/request.js';
import { handler as rate } from './rate/handler.js';
import { checkRate, type RateRequest, type RateResult } from './rate/request.js';
import { handler as repair } from './repair/handler.js';
import { checkRepair, type RepairRequest, type RepairResult } from './repair/request.js';
import { handler as solve } from './solve/handler.js';
import { checkSolve, type SolveRequest, type SolveResult } from './solve/request.js';
import { handler as verify } from './verify/handler.js';
import { checkVerify, type VerifyRequest, type VerifyResult } from './verify/request.js';

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
  | BenchRequest
  | VerifyRequest;

export type CommandName = Request['command'];
export type RequestOf<C extends CommandName> = Extract<Request, { command: C }>;

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
  readonly verify: VerifyResult;
}

/** What each command hands over as it goes, before its result: solutions as found, puzzles as made. */
export interface ItemOf {
  readonly solve: Shading;
  readonly generate: GeneratedPuzzle;
}

export interface CommandEntry<C extends CommandName> {
  /** What the command does, in one line (docs/commands.md lists it). */
  readonly summary: string;
  /** The request's checks at the door: a clear InputError or UsageError for a bad field, never a wrong answer. */
  readonly check: (request: RequestOf<C>) => void;
  /** The work in this thread, browser-safe. */
  readonly handler: Handler<C>;
  /** Whether `commands/<name>/node.ts` replaces the handler under Node. */
  readonly node?: true;
}

/** The commands, in the order the CLI lists them. */
const commandTable: { readonly [C in CommandName]: CommandEntry<C> } = {
  solve: { summary: 'solve a puzzle, check the answer and prove whether it is unique', check: checkSolve, handler: solve, node: true },
  verify: { summary: 'check a certificate of a verdict that solve --certificate wrote', check: checkVerify, handler: verify },
  dimacs: { summary: 'write the complete CNF in DIMACS, optionally with a solution blocked', check: checkDimacs, handler: dimacs },
  decode: { summary: "map a SAT solver's model of that CNF back to the grid and check it", check: checkDecode, handler: decode },
  convert: { summary: 'write a puzzle (and its answer or marks) in another format or as a picture', check: checkConvert, handler: convert },
  explain: { summary: "the rule engine's solve, every deduction told", check: checkExplain, handler: explain },
  hint: { summary: 'for a puzzle in progress: the wrong marks, or else the next deduction', check: checkHint, handler: hint },
  rate: { summary: 'the difficulty class A..G by the rule engine (a set: the histogram)', check: checkRate, handler: rate },
  ambiguity: { summary: 'which cells every solution shares, by SAT: the ambiguity map', check: checkAmbiguity, handler: ambiguity },
  repair: { summary: 'the fewest number changes that make a puzzle unique, proven minimal', check: checkRepair, handler: repair },
  bench: { summary: 'solve every puzzle of JSON Lines sets, judge each answer, time them', check: checkBench, handler: bench, node: true },
  enumerate: {
    summary: 'count every grid of a size up to renaming, in shards or whole',
    check: checkEnumerate,
    handler: enumerate,
    node: true,
  },
  generate: { summary: 'puzzles with exactly one solution, optionally of one class', check: checkGenerate, handler: generate, node: true },
  maxblack: { summary: 'the largest number of shaded cells of an empty board, proven', check: checkMaxBlack, handler: maxblack },
};

/** The command names in the table's order. */
export const commandNames = Object.keys(commandTable) as CommandName[];

/** The table's entry of `name`, if it names a command (an own key: not `toString` or `__proto__`). */
export function commandEntry(name: unknown): CommandEntry<CommandName> | undefined {
  return typeof name === 'string' && Object.hasOwn(commandTable, name)
    ? (commandTable[name as CommandName] as CommandEntry<CommandName>)
    : undefined;
}
