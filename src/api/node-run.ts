/**
 * The one door under Node: the browser-safe handlers of run.ts, with the four that Node makes
 * stronger. `solve` also runs external solver programs and bounds MiniSat in a worker thread;
 * `generate`, `enumerate` and `bench` spread over worker threads (`jobs`).
 */
import { InputError, UsageError } from '../control/errors.js';
import type { EnumerationSpec } from '../enumerate/enumerate-result.js';
import { ruleSetNames } from '../rules/types.js';
import { validateChoice, validateCount } from './validate.js';
import { throttled, type ProgressEvent } from '../control/progress.js';
import type { BenchResult, CommandName, Request, ResultOf, RunOptions } from './requests.js';
import { browserHandlers, engineOptions, refuseOutOfReach, runWith, specOf, tryEvent, type Handlers } from './run.js';

const nodeHandlers: Handlers = {
  ...browserHandlers,

  async solve(request, context) {
    const { solveBounded } = await import('../solve/bounded.js');
    return solveBounded(request.puzzle, engineOptions(request, context));
  },

  async generate(request, { limit, options, progress }) {
    const { generateMany } = await import('../generate/generate-run.js');
    await refuseOutOfReach(request);
    const count = request.count ?? 1;
    const started = performance.now();
    const tried = throttled(progress);
    const result = await generateMany(specOf(request), {
      count,
      seed: request.seed,
      ...(request.jobs === undefined ? {} : { jobs: request.jobs }),
      limit,
      onTry: (index, tries, elapsedMs) => tried(tryEvent(index, count, tries, elapsedMs)),
      onPuzzle: (puzzle, index) => {
        options.onItem?.(puzzle, index);
        const rate = ((index + 1) / (performance.now() - started)) * 1000;
        progress({
          phase: 'generate',
          done: index + 1,
          total: count,
          message: `generate: ${index + 1}/${count} (${rate.toFixed(1)} per second)`,
        });
      },
    });
    return { puzzles: result.puzzles, complete: result.complete };
  },

  // The time limit of a bench is per puzzle (the workers bound each one), not for the whole run.
  bench: (request, { progress }) => bench(request, progress),

  async enumerate(request, { limit, progress }) {
    if ('merge' in request) {
      const { mergeResults } = await import('../enumerate/enumerate-merge.js');
      return mergeResults(request.merge);
    }
    const { runEnumeration } = await import('../enumerate/enumerate-run.js');
    const { spec } = request;
    await validateSpec(spec);
    if (!('version' in request)) throw new UsageError('an enumeration needs the version that its result records');
    return runEnumeration(spec, {
      version: request.version,
      ...(request.jobs === undefined ? {} : { jobs: request.jobs }),
      ...(request.shard === undefined ? {} : { shard: request.shard }),
      limit,
      onProgress: (p) => {
        const share = p.expectedClasses > 0 ? p.classes / p.expectedClasses : 0;
        const rate = p.classes / Math.max(p.elapsedMs / 1000, 1e-3);
        const eta = share > 0 ? (p.elapsedMs / share - p.elapsedMs) / 1000 : Number.NaN;
        progress({
          phase: 'enumerate',
          done: p.classes,
          total: p.expectedClasses,
          message: `enumerate ${spec.rows}x${spec.cols}(${spec.symbols}): ${(100 * share).toFixed(1)}% (${p.itemsDone}/${p.items} items), ${rateText(rate)} sequences/s, ETA ${secondsText(eta)}`,
        });
      },
    });
  },
};

/**
 * An enumeration's spec, checked at the door as the CLI checks its options: a spec that a worker
 * would trip over (a missing `rating`, say) is bad input here, not "a worker keeps failing".
 */
async function validateSpec(spec: unknown): Promise<void> {
  const fail = (problem: string) => new InputError(problem, {}, 'spec');
  if (typeof spec !== 'object' || spec === null) throw fail('"spec" must be an object { rows, cols, symbols, prune, rating }');
  const { rows, cols, symbols, prune, rating } = spec as Record<string, unknown>;
  validateCount('spec.rows', rows ?? null);
  validateCount('spec.cols', cols ?? null);
  validateCount('spec.symbols', symbols ?? null);
  if (typeof prune !== 'boolean') throw fail('"prune" must be true or false');
  if (rating !== null) {
    if (typeof rating !== 'object' || rating === undefined) throw fail('"rating" must be null (no histogram) or { ruleSet, symmetry }');
    const { ruleSet, symmetry } = rating as Record<string, unknown>;
    validateChoice('spec.rating.ruleSet', ruleSet ?? null, ruleSetNames);
    if (typeof symmetry !== 'boolean') throw fail('"rating.symmetry" must be true or false');
  }
  const { sizeProblem } = await import('../enumerate/enumerate.js');
  const problem = sizeProblem(spec as EnumerationSpec);
  if (problem !== null) throw fail(problem);
}

async function bench(request: Extract<Request, { command: 'bench' }>, progress: (event: ProgressEvent) => void): Promise<BenchResult> {
  const { benchSets } = await import('../benchmark/run-set.js');
  const { defaultBenchBackend, defaultBenchConnectivity, defaultEngine } = await import('../benchmark/engines.js');
  return benchSets(request.sets, {
    engine: request.engine ?? defaultEngine,
    backend: request.backend ?? defaultBenchBackend,
    connectivity: request.connectivity ?? defaultBenchConnectivity,
    jobs: request.jobs ?? 1,
    ...(request.warmup === undefined ? {} : { warmup: request.warmup }),
    ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
    ...(request.firstStartedAt === undefined ? {} : { firstStartedAt: request.firstStartedAt }),
    onProgress: (p) =>
      progress({
        phase: p.phase === 'warm-up' ? 'bench warm-up' : 'bench',
        done: p.done,
        total: p.n,
        message:
          p.phase === 'warm-up'
            ? `warm-up: up to ${p.n} puzzle(s) in every worker`
            : `set ${p.set}/${p.sets} ${p.name}: ${p.done}/${p.n}${p.failed > 0 ? `, ${p.failed} not correct` : ''}`,
      }),
  });
}

function rateText(x: number): string {
  return x >= 1e6 ? `${(x / 1e6).toFixed(1)}M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)}k` : x.toFixed(0);
}

function secondsText(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${Math.round(s % 60)}s` : `${Math.round(s)}s`;
}

/**
 * Runs a request under Node: every command, every backend (`external` too), worker threads for
 * `jobs`, and MiniSat ended at the time limit.
 *
 * @example
 * import { run, parse } from 'hitori-sat/node';
 * const result = await run({ command: 'solve', puzzle: parse('1 1\n2 1\n'), backend: 'external', solverCmd: 'cadical' });
 */
export function run<C extends CommandName>(request: Parameters<typeof runWith<C>>[1], options: RunOptions<C> = {}): Promise<ResultOf[C]> {
  return runWith(nodeHandlers, request, options);
}
