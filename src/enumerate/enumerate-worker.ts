/**
 * The pool handler of the enumeration (enumerate-run.ts): builds the tables and the shard's item
 * list once per worker, then counts each item number it is sent and answers with its counts.
 */
import type { TaskContext } from '../pool/pool.js';
import type { EnumerationCounts, Enumerator } from './enumerate.js';
import { shardItems } from './enumerate-split.js';
import { enumeratorFor, type WorkerData } from './enumerate-run.js';

let items: ReturnType<typeof shardItems>;
let enumerator: Enumerator;

export function init({ spec, shard }: WorkerData): void {
  items = shardItems(spec, shard);
  enumerator = enumeratorFor(spec);
}

export function handle(item: number, context: TaskContext): EnumerationCounts {
  const prefix = items[item];
  if (prefix === undefined) throw new Error(`no work item ${item}`);
  // Stopping at the limit here leaves the worker idle while the pool ends it, not computing
  // on a core the ending process needs.
  enumerator.run(prefix, context.limit);
  return enumerator.take();
}
