/**
 * Running an enumeration: one shard (or the whole space), its work items spread over worker
 * threads, a limit, progress reports, and the result as a self-describing record that
 * `mergeResults` (enumerate-merge.ts) can add up with the other shards'.
 *
 * With one job, or under a limit too short for workers to pay (pool/jobs.ts), the items run in this thread. With more, each worker (of the pool) builds the same
 * tables and the same item list from the spec, and is handed item numbers one or two at a time (so that the
 * threads finish together); it answers each with the counts of that item. Counts are sums, so
 * the order in which items finish does not matter and the result is the same for every --jobs.
 */
import { rate, type RuleSet } from '../rules/index.js';
import { levels } from '../rules/types.js';
import {
  addCounts,
  buildTables,
  Enumerator,
  emptyCounts,
  unsolvedIndex,
  type Classifier,
  type EnumerationCounts,
  type EnumerationSize,
} from './enumerate.js';
import { shardDepth, shardPlan, type Shard } from './enumerate-split.js';
import { resultFormat, type EnumerationResult, type EnumerationSpec } from './enumerate-result.js';
import { TimeoutError } from '../control/errors.js';
import { Limit } from '../control/limit.js';
import { WorkerPool } from '../pool/pool.js';
import { jobsWithin } from '../pool/job-count.js';

interface Progress {
  readonly itemsDone: number;
  readonly items: number;
  /** Sequences counted so far and in all. */
  readonly classes: number;
  readonly expectedClasses: number;
  readonly elapsedMs: number;
}

export interface RunOptions {
  readonly shard?: Shard;
  readonly jobs?: number;
  /**
   * No item starts after it, and workers still busy are stopped: the result is then marked
   * partial (`complete: false`, the items done counted), the run's one way of stopping at a limit.
   */
  readonly limit?: Limit;
  readonly onProgress?: (progress: Progress) => void;
  /** Recorded in the result. */
  readonly version: string;
}

/** The rule engine's class as a histogram index (0..6 for A..G, 7 for not solved by the rules). */
export function rateClassifier(size: EnumerationSize, ruleSet: RuleSet): Classifier {
  const values = new Array<number>(size.rows * size.cols);
  return (grid, limit) => {
    for (let i = 0; i < grid.length; i++) values[i] = grid[i]! + 1;
    const rating = rate({ rows: size.rows, cols: size.cols, values }, limit.bounded ? { ruleSet, limit } : { ruleSet });
    // Cut short, the rule engine says "stuck": that must not count as the grid's class.
    if (rating.result.timedOut) throw limit.reached('while rating a grid');
    const cls = rating.class;
    return cls === null ? unsolvedIndex : levels.indexOf(cls);
  };
}

/** The enumerator a spec asks for (in this thread or a worker). */
export function enumeratorFor(spec: EnumerationSpec, limit: Limit = Limit.none): Enumerator {
  const tables = buildTables(spec, limit);
  return new Enumerator(tables, {
    prune: spec.prune,
    ...(spec.rating === null ? {} : { classify: rateClassifier(spec, spec.rating.ruleSet), symmetry: spec.rating.symmetry }),
  });
}

export async function runEnumeration(spec: EnumerationSpec, options: RunOptions): Promise<EnumerationResult> {
  const shard = options.shard ?? { index: 0, count: 1 };
  const { items, classes: expectedClasses } = shardPlan(spec, shard);
  const limit = options.limit ?? Limit.none;
  const jobs = jobsWithin(Math.max(1, Math.min(options.jobs ?? 1, items.length)), limit.remainingMs());
  const start = performance.now();
  let total = emptyCounts(spec.rating !== null);
  let itemsDone = 0;
  const report = () =>
    options.onProgress?.({ itemsDone, items: items.length, classes: total.classes, expectedClasses, elapsedMs: performance.now() - start });
  const add = (counts: EnumerationCounts) => {
    total = addCounts(total, counts);
    itemsDone++;
    report();
  };
  // One job runs here, also under a time limit: the enumerator stops an item at the limit itself.
  if (jobs === 1) {
    try {
      // The tables are built under the limit too: on a large board they take seconds.
      const enumerator = enumeratorFor(spec, limit);
      for (const item of items) {
        enumerator.run(item, limit);
        add(enumerator.take());
      }
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error;
    }
  } else {
    await runWorkers(spec, shard, items.length, jobs, limit, add);
  }
  return {
    format: resultFormat,
    version: options.version,
    rows: spec.rows,
    cols: spec.cols,
    symbols: spec.symbols,
    prune: spec.prune,
    rating: spec.rating,
    shard: options.shard === undefined ? null : { ...shard, depth: shardDepth(spec, shard.count) },
    complete: itemsDone === items.length,
    itemsDone,
    items: items.length,
    expectedClasses,
    ...total,
    timeMs: Math.round(performance.now() - start),
  };
}

export interface WorkerData {
  readonly spec: EnumerationSpec;
  readonly shard: Shard;
}

// Through ../generate/ so that the path also holds from the CLI bundle in dist/src/cli/.
const handlerUrl = new URL('../enumerate/enumerate-worker.js', import.meta.url);

/**
 * The items on the pool's workers, two per worker in hand so that none waits for the next. At the
 * limit the run stops at once: items in progress are dropped (their workers ended), finished
 * ones count.
 */
async function runWorkers(
  spec: EnumerationSpec,
  shard: Shard,
  itemCount: number,
  jobs: number,
  limit: Limit,
  add: (counts: EnumerationCounts) => void,
): Promise<void> {
  const init: WorkerData = { spec, shard };
  const pool = new WorkerPool({ handler: handlerUrl, init, jobs });
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let running = 0;
      let stopped = false;
      const stop = (error?: unknown) => {
        if (stopped) return;
        stopped = true;
        if (error === undefined) resolve();
        else reject(error);
      };
      const feed = () => {
        while (!stopped && running < 2 * jobs && next < itemCount && !limit.expired) {
          running++;
          pool.run<EnumerationCounts>(next++, { limit }).then(
            (counts) => {
              running--;
              if (stopped) return;
              add(counts);
              feed();
            },
            (error: unknown) => {
              running--;
              stop(error instanceof TimeoutError ? undefined : error);
            },
          );
        }
        if (running === 0) stop();
      };
      feed();
    });
  } finally {
    void pool.close();
  }
}
