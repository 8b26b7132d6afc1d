/**
 * One line of a batch: parse it, do the command's work, and give back one JSON line. A line is a
 * JSON record (the `bench/sets` form: `id, rows, cols, grid, ...`) or any puzzle form that fits
 * on one line (a puzz.link URL, a Singles game ID). Every outcome is a line: a bad line becomes
 * an error record `{line, id, error}` naming its problem and place, so the run goes on.
 *
 * Each line is one request to the library's door (src/api/run.ts), the same request a single
 * puzzle's command sends, so a batch answers each line exactly as a run on that puzzle alone
 * would. The configuration is the request without its puzzle: plain data, so it travels to
 * worker threads.
 */
import { run } from '../api/node-run.js';
import type { ConvertRequest, ExplainRequest, RateRequest, SolveRequest } from '../api/requests.js';
import { parseDocument, type FormatName } from '../formats/detect.js';
import type { PuzzleDocument } from '../formats/document.js';
import type { InputLine } from '../formats/input.js';
import { errorKindOf, firstLine, InputError, type ErrorKind } from '../control/errors.js';
import { solveReport } from '../commands/solve/render.js';
import { explainJson } from '../commands/explain/render.js';
import { rateJson } from '../commands/rate/render.js';

/** A line's request is this, with the line's puzzle; `convert` may name the lines' format. */
export type BatchConfig =
  | Omit<SolveRequest, 'puzzle'>
  | Omit<RateRequest, 'puzzle'>
  | Omit<ExplainRequest, 'puzzle'>
  | (Omit<ConvertRequest, 'puzzle'> & { readonly from?: FormatName });

/** A line of the input to answer: its text and number, or why its bytes are not text. */
export interface LineTask {
  readonly text: string;
  readonly line: number;
  readonly problem?: InputLine['problem'];
}

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

export async function processLine(config: BatchConfig, task: LineTask, source = 'input'): Promise<LineResult> {
  const { text, line, problem } = task;
  let doc: PuzzleDocument | undefined;
  try {
    if (problem !== undefined)
      throw new InputError(problem.problem, { line, ...(problem.column === undefined ? {} : { column: problem.column }) });
    doc = parseLine(text, line, config.command === 'convert' ? config.from : undefined);
    return await work(config, doc, line);
  } catch (error) {
    return errorRecord(error, line, doc?.puzzle.id ?? idOf(text), source);
  }
}

async function work(config: BatchConfig, doc: PuzzleDocument, line: number): Promise<LineResult> {
  const { puzzle } = doc;
  switch (config.command) {
    case 'solve': {
      const result = await run({ ...config, puzzle });
      return record(line, solveReport(puzzle, result), result.status);
    }
    case 'rate': {
      const rating = await run({ ...config, puzzle });
      const status = rating.result.timedOut ? 'timeout' : (rating.class ?? 'unrated');
      return record(line, rateJson(puzzle, rating, config.techniques ?? 'thesis'), status);
    }
    case 'explain': {
      const explained = await run({ ...config, puzzle });
      return record(line, explainJson(puzzle, explained), explained.result.timedOut ? 'timeout' : explained.result.status);
    }
    case 'convert': {
      const { from: _, ...request } = config;
      const { output } = await run({ ...request, puzzle, ...(doc.solution === undefined ? {} : { solution: doc.solution }) });
      // A one-line format is written as it is, one line per puzzle: a list of URLs or game IDs.
      if (config.to === 'url' || config.to === 'gameid') return { out: output.trimEnd(), status: 'converted' };
      return record(line, { id: puzzle.id ?? null, to: config.to, output }, 'converted');
    }
  }
}

function record(line: number, report: object, status: string): LineResult {
  return { out: JSON.stringify({ line, ...report }), status };
}

/**
 * The error record `{line, id, error}` of a line that failed, with its kind: an InputError names
 * its source and place; too large is bad input too (the line's puzzle, not the solver, is the
 * problem); anything else is told by its first line.
 */
export function errorRecord(error: unknown, line: number, id: string | null, source: string): LineResult {
  const message = error instanceof InputError ? error.withSource(source).message : firstLine(error);
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
