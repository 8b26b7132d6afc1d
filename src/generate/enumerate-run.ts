/**
 * Running an enumeration: one shard (or the whole space), its work items spread over worker
 * threads, a deadline, progress reports, and the result as a self-describing record that
 * `mergeResults` (enumerate-merge.ts) can add up with the other shards'.
 *
 * With one job the items run in this thread. With more, each worker builds the same tables and
 * the same item list from the spec, and is handed item numbers one or two at a time (so that the
 * threads finish together); it answers each with the counts of that item. Counts are sums, so
 * the order in which items finish does not matter and the result is the same for every --jobs.
 */
import { Worker } from 'node:worker_threads';
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
import { shardClasses, shardDepth, shardItems, type Shard } from './enumerate-split.js';
import { resultFormat, type EnumerationResult, type EnumerationSpec } from './enumerate-result.js';

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
  /** A `Date.now()` value: no item starts after it, and workers still busy are stopped. */
  readonly deadline?: number;
  readonly onProgress?: (progress: Progress) => void;
  /** Recorded in the result. */
  readonly version: string;
}

/** The rule engine's class as a histogram index (0..6 for A..G, 7 for not solved by the rules). */
export function rateClassifier(size: EnumerationSize, ruleSet: RuleSet): Classifier {
  const values = new Array<number>(size.rows * size.cols);
  return (grid) => {
    for (let i = 0; i < grid.length; i++) values[i] = grid[i]! + 1;
    const cls = rate({ rows: size.rows, cols: size.cols, values }, { ruleSet }).class;
    return cls === null ? unsolvedIndex : levels.indexOf(cls);
  };
}

/** The enumerator a spec asks for (in this thread or a worker). */
export function enumeratorFor(spec: EnumerationSpec): Enumerator {
  const tables = buildTables(spec);
  return new Enumerator(tables, {
    prune: spec.prune,
    ...(spec.rating === null ? {} : { classify: rateClassifier(spec, spec.rating.ruleSet), symmetry: spec.rating.symmetry }),
  });
}

export async function runEnumeration(spec: EnumerationSpec, options: RunOptions): Promise<EnumerationResult> {
  const shard = options.shard ?? { index: 0, count: 1 };
  const items = shardItems(spec, shard);
  const expectedClasses = shardClasses(spec, shard);
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, items.length));
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
  const late = () => options.deadline !== undefined && Date.now() > options.deadline;
  // Under a time limit even one job runs in a worker thread: an item (one prefix) can take
  // seconds, and a worker is ended at the deadline where a loop here could only stop between items.
  if (jobs === 1 && options.deadline === undefined) {
    const enumerator = enumeratorFor(spec);
    for (const item of items) {
      if (late()) break;
      enumerator.run(item);
      add(enumerator.take());
    }
  } else {
    await runWorkers(spec, shard, items.length, jobs, options.deadline, add);
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

/** Messages from a worker: the counts of an item, or a failure. */
export type FromWorker = { type: 'done'; item: number; counts: EnumerationCounts } | { type: 'error'; message: string };

// Through ../generate/ so that the path also holds from the CLI bundle in dist/src/cli/.
const workerUrl = new URL('../generate/enumerate-worker.js', import.meta.url);

function runWorkers(
  spec: EnumerationSpec,
  shard: Shard,
  itemCount: number,
  jobs: number,
  deadline: number | undefined,
  add: (counts: EnumerationCounts) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let next = 0;
    let done = 0;
    let finished = false;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const w of workers) void w.terminate();
      if (error) reject(error);
      else resolve();
    };
    const late = () => deadline !== undefined && Date.now() > deadline;
    const feed = (w: Worker) => {
      if (next < itemCount && !late()) w.postMessage(next++);
    };
    // Past the deadline, stop at once: items in progress are dropped, finished ones count.
    const timer = deadline === undefined ? undefined : setTimeout(() => finish(), Math.max(0, deadline - Date.now()));
    for (let k = 0; k < jobs; k++) {
      const data: WorkerData = { spec, shard };
      const w = new Worker(workerUrl, { workerData: data });
      workers.push(w);
      w.on('message', (message: FromWorker) => {
        if (finished) return;
        if (message.type === 'error') {
          finish(new Error(message.message));
          return;
        }
        add(message.counts);
        done++;
        if (done === itemCount || late()) finish();
        else feed(w);
      });
      w.on('error', (error) => finish(error));
      w.on('exit', (code) => {
        if (!finished && code !== 0) finish(new Error(`an enumeration worker stopped with exit code ${code}`));
      });
      // Two items in hand, so that a worker never waits for the next.
      feed(w);
      feed(w);
    }
  });
}
