/**
 * One line of a batch: parse it, do the command's work, and give back one JSON line. A line is a
 * JSON record (the `bench/sets` form: `id, rows, cols, grid, ...`) or any puzzle form that fits
 * on one line (a puzz.link URL, a Singles game ID). Every outcome is a line: a bad line becomes
 * an error record `{line, id, error}` naming its problem and place, so the run goes on.
 *
 * The work is the single-puzzle commands' own (the solve of `solve`, the reports of `rate` and
 * `explain --format json`, the writers of `convert`), so a batch answers each line exactly as a
 * run on that puzzle alone would. Configurations are plain data: they travel to worker threads.
 */
import { formatDocument, parseDocument, type FormatName } from '../formats/detect.js';
import type { PuzzleDocument } from '../formats/document.js';
import type { Convention } from '../puzzle/convention.js';
import { solveReport } from '../render/report.js';
import { explainJson, rateJson } from '../render/rules.js';
import { renderSvg } from '../render/svg.js';
import { explainPuzzle, rate, type Level, type RuleSet } from '../rules/index.js';
import type { BackendName } from '../sat/backend.js';
import { solveBounded } from '../solve/bounded.js';
import type { Engine } from '../solve/engines.js';
import type { solveConnectivities } from '../solve/solve.js';
import { errorKindOf, firstLine, InputError, type ErrorKind } from '../job/errors.js';

export type BatchConfig =
  | {
      readonly command: 'solve';
      readonly engine: Engine;
      readonly backend: BackendName;
      readonly solverCmd?: string;
      readonly convention: Convention;
      readonly connectivity: (typeof solveConnectivities)[number];
      readonly maxSolutions: number;
      readonly timeoutMs?: number;
    }
  | { readonly command: 'rate'; readonly ruleSet: RuleSet; readonly timeoutMs?: number }
  | {
      readonly command: 'explain';
      readonly maxLevel: Level;
      readonly techniques: RuleSet;
      readonly assumeUnique: boolean;
      readonly timeoutMs?: number;
    }
  | { readonly command: 'convert'; readonly to: FormatName | 'svg'; readonly from?: FormatName };

export interface LineResult {
  /** The output line, without its newline. */
  readonly out: string;
  /**
   * What the line came to, for the batch's summary: the verdict of `solve` (`unique`, `multiple`,
   * `none`, `stuck`, `timeout`), the class of `rate` (`A`..`G`, `unrated`), the rule engine's end
   * of `explain` (`solved`, `stuck`, `contradiction`), `converted`, or `error`.
   */
  readonly status: string;
  /** The kind of the error an error record reports. */
  readonly error?: ErrorKind;
}

/** The line read as a puzzle document; errors carry the line's number in the file. */
function parseLine(text: string, line: number, from?: FormatName): PuzzleDocument {
  try {
    return parseDocument(text.trim(), from === undefined ? {} : { from });
  } catch (error) {
    if (error instanceof InputError) throw new InputError(error.problem, { ...error.place, line }, error.source);
    throw error;
  }
}

export async function processLine(config: BatchConfig, text: string, line: number, source = 'input'): Promise<LineResult> {
  let doc: PuzzleDocument | undefined;
  try {
    doc = parseLine(text, line, config.command === 'convert' ? config.from : undefined);
    return await work(config, doc, line);
  } catch (error) {
    return errorRecord(error, line, doc?.puzzle.id ?? idOf(text), source);
  }
}

async function work(config: BatchConfig, doc: PuzzleDocument, line: number): Promise<LineResult> {
  const { puzzle } = doc;
  const timeout = config.command !== 'convert' && config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {};
  switch (config.command) {
    case 'solve': {
      const { command: _, ...options } = config;
      const result = await solveBounded(puzzle, options);
      return record(line, solveReport(puzzle, result), result.status);
    }
    case 'rate': {
      const rating = rate(puzzle, {
        ruleSet: config.ruleSet,
        ...(config.timeoutMs === undefined ? {} : { deadline: Date.now() + config.timeoutMs }),
      });
      return record(line, rateJson(puzzle, rating, config.ruleSet), rating.result.timedOut ? 'timeout' : (rating.class ?? 'unrated'));
    }
    case 'explain': {
      const run = explainPuzzle(puzzle, {
        maxLevel: config.maxLevel,
        techniques: config.techniques,
        assumeUnique: config.assumeUnique,
        ...timeout,
      });
      return record(line, explainJson(puzzle, run), run.result.timedOut ? 'timeout' : run.result.status);
    }
    case 'convert': {
      const output =
        config.to === 'svg' ? renderSvg(puzzle, doc.solution === undefined ? {} : { cells: doc.solution }) : formatDocument(doc, config.to);
      return record(line, { id: puzzle.id ?? null, to: config.to, output }, 'converted');
    }
  }
}

function record(line: number, report: object, status: string): LineResult {
  return { out: JSON.stringify({ line, ...report }), status };
}

/** The error record `{line, id, error}` of a line that failed; an InputError names its source and place. */
export function errorRecord(error: unknown, line: number, id: string | null, source: string): LineResult {
  const message =
    error instanceof InputError
      ? error.withSource(source).message
      : error instanceof Error
        ? `${error.name}: ${firstLine(error)}`
        : String(error);
  return { out: JSON.stringify({ line, id, error: message }), status: 'error', error: errorKindOf(error) };
}

/** The `id` of a line that failed to parse as a puzzle, when it is JSON with a string `id`. */
function idOf(text: string): string | null {
  try {
    const value = JSON.parse(text) as { id?: unknown } | null;
    return typeof value?.id === 'string' ? value.id : null;
  } catch {
    return null;
  }
}
