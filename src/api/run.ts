/**
 * The one door: `run(request)` does any command's work and returns its one result type. The
 * CLI's commands, a batch line (in this thread or a worker), the web page's worker and the
 * library functions all come through here, so each command's work, checks and limits are written
 * once.
 *
 * This module is browser-safe: what needs Node (worker threads, external solver programs, the
 * MiniSat bound in a worker) is added by `node-run.ts`, which passes its own handlers for those
 * commands. Each handler loads its engine on first use: a one-shot command pays only for its own.
 */
import { formats } from '../formats/detect.js';
import { formatDocument } from '../formats/detect.js';
import { documentOf } from '../formats/document.js';
import { InputError, UsageError } from '../control/errors.js';
import { Limit } from '../control/limit.js';
import { throttled, type ProgressEvent, type ProgressListener } from '../control/progress.js';
import { checkMarks, checkShading } from '../puzzle/check.js';
import { conventions } from '../puzzle/convention.js';
import { levels, ruleSetNames } from '../rules/types.js';
import { backendNames } from '../sat/backend.js';
import { externalNeedsNode } from '../sat/backends/index.js';
import { maxTimerMs } from '../sat/timer.js';
import { solveConnectivities } from '../solve/defaults.js';
import { engines } from '../solve/engines.js';
import type { CommandName, ConvertResult, Request, ResultOf, RunOptions } from './requests.js';
import type { GrowResult } from '../maxblack/maxblack-grow.js';
import { symmetries } from './choices.js';
import { validateChoice, validateCount, validateMarks, validatePuzzle, validateShading } from './validate.js';

/** What a handler gets besides its request: the limit, and where to tell progress and items. */
export interface HandlerContext<C extends CommandName> {
  readonly limit: Limit;
  readonly options: RunOptions<C>;
  readonly progress: (event: ProgressEvent) => void;
}

type RequestOf<C extends CommandName> = Extract<Request, { command: C }>;
type Handler<C extends CommandName> = (request: RequestOf<C>, context: HandlerContext<C>) => Promise<ResultOf[C]>;
export type Handlers = { readonly [C in CommandName]: Handler<C> };

/** The progress of the rule engine's callback `(undecided, cells)`, as the one event. */
function rulesEvent(listener: ProgressListener | undefined, startedAt = performance.now()) {
  if (listener === undefined) return undefined;
  return (undecided: number, cells: number) =>
    listener({
      phase: 'rules',
      done: cells - undecided,
      total: cells,
      message: `rules: ${cells - undecided} of ${cells} cells decided, ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
    });
}

/** The checks every request gets at the door: a clear InputError for a bad field, never a wrong answer. */
function validate(request: Request): void {
  if (typeof request !== 'object' || request === null) throw new InputError('the request must be an object', {}, 'request');
  validateCount('timeoutMs', 'timeoutMs' in request ? request.timeoutMs : undefined, maxTimerMs);
  if ('startedAt' in request && request.startedAt !== undefined && !(request.startedAt >= 0 && request.startedAt <= performance.now()))
    throw new InputError('"startedAt" must be a performance.now() instant that has passed', {}, 'request');
  switch (request.command) {
    case 'solve':
      validatePuzzle(request.puzzle);
      validateChoice('engine', request.engine, engines);
      validateChoice('backend', request.backend, backendNames);
      validateChoice('convention', request.convention, conventions);
      validateChoice('connectivity', request.connectivity, solveConnectivities);
      validateCount('maxSolutions', request.maxSolutions);
      if (request.backend === 'external' && (typeof request.solverCmd !== 'string' || request.solverCmd.trim() === ''))
        throw new UsageError('backend "external" needs solverCmd, the solver command line (e.g. "cadical")');
      if (request.solverCmd !== undefined && request.backend !== 'external')
        throw new UsageError(`solverCmd goes with backend "external", not ${JSON.stringify(request.backend ?? 'cadical')}`);
      return;
    case 'dimacs':
      validatePuzzle(request.puzzle);
      validateChoice('convention', request.convention, conventions);
      if (request.block !== undefined) validateShading(request.puzzle, request.block, 'block');
      return;
    case 'decode':
      validatePuzzle(request.puzzle);
      validateChoice('convention', request.convention, conventions);
      if (typeof request.model !== 'string') throw new InputError('"model" must be the solver\'s output as text', {}, 'request');
      return;
    case 'convert':
      validatePuzzle(request.puzzle);
      validateChoice('to', request.to, [...Object.keys(formats), 'svg'] as const);
      if (request.solution !== undefined) validateShading(request.puzzle, request.solution);
      if (request.marks !== undefined) validateMarks(request.puzzle, request.marks);
      return;
    case 'explain':
      validatePuzzle(request.puzzle);
      validateChoice('maxLevel', request.maxLevel, levels);
      validateChoice('techniques', request.techniques, ruleSetNames);
      return;
    case 'hint':
      validatePuzzle(request.puzzle);
      if (request.marks !== undefined) validateMarks(request.puzzle, request.marks);
      if (request.circleNeighbours !== undefined && typeof request.circleNeighbours !== 'boolean')
        throw new InputError(`"circleNeighbours" must be true or false, got ${JSON.stringify(request.circleNeighbours)}`, {}, 'request');
      return;
    case 'rate':
      validatePuzzle(request.puzzle);
      validateChoice('techniques', request.techniques, ruleSetNames);
      return;
    case 'ambiguity':
      validatePuzzle(request.puzzle);
      validateChoice('convention', request.convention, conventions);
      return;
    case 'repair':
      validatePuzzle(request.puzzle);
      if (request.keep !== undefined) validateShading(request.puzzle, request.keep, 'keep');
      if (request.maxChanges !== undefined && !(Number.isSafeInteger(request.maxChanges) && request.maxChanges >= 0))
        throw new InputError(`maxChanges must be a whole number (0 or more), got ${String(request.maxChanges)}`, {}, 'options');
      validateCount('alternatives', request.alternatives);
      return;
    case 'generate':
      validateCount('rows', request.rows);
      validateCount('cols', request.cols);
      validateCount('count', request.count);
      validateCount('symbols', request.symbols);
      validateChoice('class', request.class, levels);
      validateChoice('convention', request.convention, conventions);
      validateChoice('symmetry', request.symmetry, symmetries);
      if (request.pattern !== undefined)
        validateShading({ rows: request.rows, cols: request.cols, values: [] }, request.pattern, 'pattern');
      return;
    case 'maxblack':
      if ('check' in request) {
        if (typeof request.check !== 'string') throw new InputError('"check" must be the text of a shading file', {}, 'request');
        return;
      }
      if ('grow' in request) {
        if (typeof request.grow !== 'string') throw new InputError('"grow" must be the text of a shading file', {}, 'request');
        if (request.rowCut !== undefined) validateCount('rowCut', request.rowCut);
        if (request.colCut !== undefined) validateCount('colCut', request.colCut);
        return;
      }
      validateCount('rows', request.rows);
      validateCount('cols', request.cols);
      if ('construct' in request && request.rows !== request.cols) throw new UsageError('--construct builds square boards only');
      return;
    case 'enumerate':
    case 'bench':
      return;
    default:
      throw new InputError(`"command" ${JSON.stringify((request as { command?: unknown }).command)} is not a command`, {}, 'request');
  }
}

/** Runs any request with the given handlers (the browser's, or Node's which add to them). */
export async function runWith<C extends CommandName>(
  handlers: Handlers,
  request: RequestOf<C>,
  options: RunOptions<C> = {},
): Promise<ResultOf[C]> {
  validate(request);
  options.signal?.throwIfAborted();
  const timeoutMs = 'timeoutMs' in request ? request.timeoutMs : undefined;
  const startedAt = 'startedAt' in request ? request.startedAt : undefined;
  const limit = Limit.after(timeoutMs, options.signal, startedAt);
  const listener = options.onProgress;
  const progress = listener === undefined ? () => {} : listener;
  const handler = handlers[request.command] as unknown as Handler<C>;
  return handler(request, { limit, options, progress });
}

/** The browser-safe handlers: every command but those that need worker threads. */
export const browserHandlers: Handlers = {
  async solve(request, { limit, options, progress }) {
    const { solveWithEngine } = await import('../solve/engines.js');
    if (request.backend === 'external') throw new UsageError(`backend "external" ${externalNeedsNode}`);
    return solveWithEngine(request.puzzle, engineOptions(request, { limit, options, progress }));
  },

  async dimacs(request, { limit }) {
    const { dimacsOf } = await import('./dimacs.js');
    return dimacsOf(request, limit);
  },

  async decode(request, { limit }) {
    const { decodeModel } = await import('./dimacs.js');
    return decodeModel(request, limit);
  },

  async convert(request, { limit }) {
    const { puzzle, solution, marks, to } = request;
    let answerViolations = solution === undefined ? [] : checkShading(puzzle, solution);
    // A board in progress: not a wrong answer while cells are unmarked and it is not yet a solution.
    let unfinished: ConvertResult['unfinished'];
    if (
      marks?.includes(null) &&
      checkShading(
        puzzle,
        marks.map((m) => m === true),
      ).length > 0
    ) {
      const marked = marks.reduce<number>((k, m) => (m === null ? k : k + 1), 0);
      unfinished = { marked, cells: marks.length, violations: checkMarks(puzzle, marks) };
      answerViolations = [];
    }
    const progress = unfinished === undefined ? {} : { unfinished };
    if (to === 'svg') {
      const { renderSvg } = await import('../render/svg.js');
      const shown = marks !== undefined ? { marks } : solution !== undefined ? { cells: solution } : {};
      const picture = { checkpoint: () => limit.check(), ...shown };
      return { output: renderSvg(puzzle, picture), answerViolations, answerDropped: false, ...progress };
    }
    const output = formatDocument({ ...documentOf(puzzle, solution), ...(marks === undefined ? {} : { marks }) }, to);
    return { output, answerViolations, answerDropped: solution !== undefined && !formats[to].holdsSolution, ...progress };
  },

  async explain(request, { limit, progress }) {
    const { explainPuzzle } = await import('../rules/explain.js');
    const { puzzle, maxLevel, techniques, assumeUnique } = request;
    return explainPuzzle(puzzle, {
      ...(maxLevel === undefined ? {} : { maxLevel }),
      ...(techniques === undefined ? {} : { techniques }),
      ...(assumeUnique === undefined ? {} : { assumeUnique: assumeUnique !== false }),
      limit,
      ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
      ...withRulesProgress(progress),
    });
  },

  async hint(request, { limit, progress }) {
    const { hint } = await import('../solve/hint.js');
    return hint(request.puzzle, request.marks, {
      limit,
      ...withRulesProgress(progress),
      ...(request.circleNeighbours === undefined ? {} : { circleNeighbours: request.circleNeighbours }),
    });
  },

  async rate(request, { limit, progress }) {
    const { rate } = await import('../rules/rating.js');
    return rate(request.puzzle, {
      ruleSet: request.techniques ?? 'thesis',
      limit,
      ...withRulesProgress(progress),
    });
  },

  async ambiguity(request, { limit, progress }) {
    const { ambiguityMap } = await import('../solve/ambiguity.js');
    return ambiguityMap(request.puzzle, {
      ...(request.convention === undefined ? {} : { convention: request.convention }),
      limit,
      onProgress: (message) => progress({ phase: 'ambiguity', done: 0, message }),
    });
  },

  async repair(request, { limit, progress }) {
    const { repairPuzzle } = await import('../repair/repair.js');
    const { keep, maxChanges, alternatives } = request;
    return repairPuzzle(request.puzzle, {
      ...(keep === undefined ? {} : { keep }),
      ...(maxChanges === undefined ? {} : { maxChanges }),
      ...(alternatives === undefined ? {} : { alternatives }),
      limit,
      onProgress: progress,
    });
  },

  async generate(request, { limit, options, progress }) {
    const { generatePuzzle, puzzleSeed } = await import('../generate/generate.js');
    await refuseOutOfReach(request);
    const count = request.count ?? 1;
    const spec = specOf(request);
    const puzzles = [];
    const tried = throttled(progress);
    for (let k = 0; k < count; k++) {
      if (limit.expired) return { puzzles, complete: false };
      try {
        const onTry = (tries: number, elapsedMs: number) => tried(tryEvent(k, count, tries, elapsedMs));
        const made = await generatePuzzle(spec, puzzleSeed(request.seed, k), limit, onTry);
        puzzles.push(made);
        options.onItem?.(made, k);
        progress({ phase: 'generate', done: k + 1, total: count, message: `generate: ${k + 1}/${count}` });
      } catch (error) {
        if (limit.expired) return { puzzles, complete: false };
        throw error;
      }
    }
    return { puzzles, complete: true };
  },

  async enumerate() {
    throw new UsageError('enumerate runs on worker threads: use hitori-sat/node (Node only)');
  },

  async bench() {
    throw new UsageError('bench runs on worker threads: use hitori-sat/node (Node only)');
  },

  async maxblack(request, { limit, progress }) {
    const onProgress = (message: string) => progress({ phase: 'maxblack', done: 0, message });
    if ('check' in request) {
      const { judgeShading, parseShadingFile } = await import('../maxblack/maxblack-shading.js');
      let file: ReturnType<typeof parseShadingFile>;
      try {
        file = parseShadingFile(request.check);
      } catch (error) {
        throw new InputError((error as Error).message, {}, request.checkSource ?? 'check');
      }
      return { mode: 'check', result: judgeShading(file) };
    }
    if ('grow' in request) return { mode: 'grow', result: await grow(request, limit, onProgress) };
    if ('construct' in request) {
      const { constructShading } = await import('../maxblack/maxblack-construct.js');
      return {
        mode: 'construct',
        result: constructShading(request.rows, { limit }),
      };
    }
    if (request.atLeast !== undefined) {
      const { maxBlackAtLeast } = await import('../maxblack/maxblack-aimed.js');
      return {
        mode: 'at-least',
        result: await maxBlackAtLeast(request.rows, request.cols, request.atLeast, { limit, onProgress }),
      };
    }
    const { maxBlack } = await import('../maxblack/maxblack.js');
    const result = await maxBlack(request.rows, request.cols, {
      ...(request.connectivity === undefined ? {} : { connectivity: request.connectivity }),
      limit,
      onProgress,
    });
    return { mode: 'maximum', result };
  },
};

/** A shading file grown by six rows and six columns: the file read and judged first, then SAT on strips. */
async function grow(
  request: Extract<Request, { command: 'maxblack'; grow: string }>,
  limit: Limit,
  onProgress: (message: string) => void,
): Promise<GrowResult> {
  const { judgeShading, parseShadingFile } = await import('../maxblack/maxblack-shading.js');
  const { growShading } = await import('../maxblack/maxblack-grow.js');
  const source = request.growSource ?? 'grow';
  let file: ReturnType<typeof parseShadingFile>;
  try {
    file = parseShadingFile(request.grow);
  } catch (error) {
    throw new InputError((error as Error).message, {}, source);
  }
  const verdict = judgeShading(file);
  if (!verdict.valid) throw new InputError(`the shading to grow is not valid: ${verdict.problem}`, {}, source);
  for (const [name, cut, lines] of [
    ['row', request.rowCut, file.rows],
    ['column', request.colCut, file.cols],
  ] as const)
    if (cut !== undefined && cut >= lines)
      throw new InputError(`a ${name} cut must lie after one of its ${lines} ${name}s (1..${lines - 1}), got ${cut}`, {}, source);
  return growShading(file.rows, file.cols, file.shading, {
    ...(request.rowCut === undefined ? {} : { rowCuts: [request.rowCut] }),
    ...(request.colCut === undefined ? {} : { colCuts: [request.colCut] }),
    limit,
    onProgress,
  });
}

/** What the solve engines take for a solve request: its choices, what is left of the limit, the listeners. */
export function engineOptions(request: Extract<Request, { command: 'solve' }>, { limit, options, progress }: HandlerContext<'solve'>) {
  const { command: _, puzzle: _puzzle, startedAt: _started, timeoutMs: _timeout, ...choices } = request;
  return {
    ...choices,
    limit,
    onProgress: (message: string) => progress({ phase: 'solve', done: 0, message }),
    ...(options.onItem === undefined ? {} : { onSolution: solutionCounter(options.onItem) }),
  };
}

/** The generator's specification of a request. */
export function specOf(request: Extract<Request, { command: 'generate' }>) {
  return {
    rows: request.rows,
    cols: request.cols,
    convention: request.convention ?? 'literal',
    ...(request.symbols === undefined ? {} : { symbols: request.symbols }),
    ...(request.class === undefined ? {} : { class: request.class }),
    ...(request.pattern === undefined ? {} : { pattern: request.pattern }),
    ...(request.symmetry === undefined ? {} : { symmetry: request.symmetry }),
  } as const;
}

/**
 * The progress of one generated puzzle while it is searched for: puzzles done (`done` of
 * `total`), and in the line the shadings tried for this one and the time it has taken.
 */
export function tryEvent(index: number, count: number, tries: number, elapsedMs: number): ProgressEvent {
  const which = count === 1 ? 'generate' : `generate ${index + 1}/${count}`;
  return {
    phase: 'generate',
    done: index,
    total: count,
    message: `${which}: try ${tries}, ${(elapsedMs / 1000).toFixed(1)} s`,
  };
}

/** A (size, class, symmetry) measured out of reach (generate-support.ts) is refused before any search. */
export async function refuseOutOfReach(request: Extract<Request, { command: 'generate' }>): Promise<void> {
  // Loaded here, not with the door: a one-shot solve need not read the table.
  const { generationProblem } = await import('../generate/generate-support.js');
  const problem = generationProblem(request);
  if (problem !== null) throw new UsageError(problem);
}

/** `onItem` for solutions, numbered from 0 as they come. */
function solutionCounter<T>(onItem: (item: T, index: number) => void): (item: T) => void {
  let k = 0;
  return (item) => onItem(item, k++);
}

function withRulesProgress(progress: (event: ProgressEvent) => void) {
  const onProgress = rulesEvent(progress);
  return onProgress === undefined ? {} : { onProgress };
}

/**
 * Runs a request in this thread (browser-safe: no worker threads, no solver programs).
 *
 * @example
 * const result = await run({ command: 'solve', puzzle: parse('1 1\n2 1\n') });
 * result.status;   // 'unique'
 */
export function run<C extends CommandName>(request: RequestOf<C>, options: RunOptions<C> = {}): Promise<ResultOf[C]> {
  return runWith(browserHandlers, request, options);
}
