/**
 * How an enumeration is cut into pieces: shards for separate processes or machines, and, inside
 * a shard, work items for threads.
 *
 * Shards split by prefix: the restricted-growth prefixes of a depth d(n) are listed in
 * lexicographic order and prefix k belongs to shard k mod n. Every sequence has exactly one
 * prefix of that depth, so the shards are disjoint and together complete; d(n) is the least
 * depth with at least 16 n prefixes (or the whole board), a function of the size and n only, so
 * every machine computes the same split. Dealing the prefixes round-robin spreads the heavy and
 * light parts of the space over all shards.
 *
 * Work items are the shard's prefixes extended to a deeper level, at least 1024 n prefixes over
 * the whole space, so that threads share the work evenly and progress moves in small steps.
 */
import { classCount, eachPrefix, prefixCount, prefixes, sequencesUnder, type EnumerationSize } from './enumerate.js';

/** The most shards a split makes (each shard walks 16 prefixes per shard to find its own). */
export const maxShards = 1_000_000;

export interface Shard {
  /** 0-based. */
  readonly index: number;
  readonly count: number;
}

/** The least depth at which the space has at least `at` prefixes (at most the board). */
function depthFor(size: EnumerationSize, at: number, from = 0): number {
  const cells = size.rows * size.cols;
  let d = from;
  while (d < cells && prefixCount(size, d) < at) d++;
  return d;
}

/** The prefix depth of the shard split into `count` shards. */
export function shardDepth(size: EnumerationSize, count: number): number {
  return depthFor(size, 16 * count);
}

/** The work items of a shard: restricted-growth prefixes, in lexicographic order. */
export function shardItems(size: EnumerationSize, shard: Shard): Uint8Array[] {
  const depth = shardDepth(size, shard.count);
  return itemsUnder(size, shard.count, depth, ownPrefixes(size, depth, shard));
}

/**
 * A shard's work items and the sequences they hold (the whole space for 1 shard), from one walk
 * over the split's prefixes: a walk of 65,536 shards of 6x3 over 6 symbols takes a second.
 */
export function shardPlan(size: EnumerationSize, shard: Shard): { items: Uint8Array[]; classes: number } {
  const depth = shardDepth(size, shard.count);
  const mine = ownPrefixes(size, depth, shard);
  const classes = shard.count === 1 ? classCount(size) : mine.reduce((sum, p) => sum + sequencesUnder(size, p), 0);
  return { items: itemsUnder(size, shard.count, depth, mine), classes };
}

/** The items of a shard's own prefixes: those prefixes, or their extensions to the item depth. */
function itemsUnder(size: EnumerationSize, count: number, depth: number, mine: Uint8Array[]): Uint8Array[] {
  const itemDepth = Math.max(depth, depthFor(size, 1024 * count, depth));
  if (itemDepth === depth) return mine;
  return mine.flatMap((prefix) => prefixes(size, itemDepth, prefix));
}

/** The shard's prefixes at the split depth: every count-th, from its index on. */
function ownPrefixes(size: EnumerationSize, depth: number, shard: Shard): Uint8Array[] {
  const out: Uint8Array[] = [];
  let k = 0;
  for (const prefix of eachPrefix(size, depth)) if (k++ % shard.count === shard.index) out.push(prefix);
  return out;
}

/**
 * Below this many classes in a shard (its share of the whole: the split deals the prefixes
 * round-robin, so shards hold nearly equal shares), an enumeration without `--jobs` counts on
 * the calling thread. Each worker starts (0.1-0.5 s), builds the enumeration's tables anew (2.7 s
 * on 6x3 over 6 symbols) and warms its JIT, and one thread already keeps a second core partly
 * busy with V8's garbage collection (7.7 s of CPU in 5.4 s on 22 million classes). So on a 2-core
 * machine two workers were slower than one thread up to tens of millions of classes: 3x3 (3,281
 * classes) 0.5 s against 0.2 s of wall time, 4x4 over 3 symbols (7.2 million) 1.3 s against
 * 0.8 s, 4x4 over 4 in 8 shards (22 million a shard) 5.6 s against 5.4 s, a shard of 6x3 over 6
 * (2.2 million) 7.9-9.8 s against 5.9-7.9 s; in 2 shards of 4x4 over 4 (91 million) the workers
 * win, 17.6 s against 26.2 s.
 */
const oneThreadClasses = 2 ** 24;

/**
 * The threads a shard is counted on when none are asked for: one below `oneThreadClasses`, else
 * `cores`. The share is computed, not walked: walking a shard's prefixes takes a second at 65,536
 * shards of 6x3 over 6, which the run itself then walks.
 */
export function defaultJobs(size: EnumerationSize, shard: Shard, cores: number): number {
  return classCount(size) / shard.count < oneThreadClasses ? 1 : cores;
}
