/**
 * Adding up the shards of an enumeration. Shard files come from many machines and many runs, so
 * a merge trusts nothing: every file must be a complete shard result, all must count the same
 * thing (size, symbols, pruning, rating, conventions, shard count and split, version), and the
 * shard numbers must be exactly 0 .. n-1, each once. Anything else is refused with the file
 * named, rather than summed into a wrong total.
 */
import { conventions } from '../puzzle/convention.js';
import { addCounts, classCount, histogramKeys, type EnumerationCounts, type Verdicts } from './enumerate.js';
import { resultFormat, type EnumerationResult } from './enumerate-result.js';
import { InputError } from '../control/errors.js';

export interface ShardFile {
  /** The file's name, for messages. */
  readonly name: string;
  /** Its parsed JSON. */
  readonly data: unknown;
}

/**
 * What a merge that lacks some shards of an otherwise consistent set (a task that failed, was
 * cancelled, or has not run yet) knows for a rerun of just those: their numbers, what the given
 * shards counted, and the given files' names by shard number (from which the missing files'
 * names may follow). The CLI prints the command from it.
 */
export interface MissingShards {
  readonly missing: readonly number[];
  readonly spec: EnumerationResult;
  readonly names: ReadonlyMap<number, string>;
}

/** The refusal of a merge with shards missing: an input error that carries `missingShards`. */
class MissingShardsError extends InputError {
  constructor(readonly missingShards: MissingShards) {
    const { missing, spec, names } = missingShards;
    const count = spec.shard!.count;
    const list = missing.map((k) => `${k}/${count}`);
    const shards = list.length === 1 ? `shard ${list[0]} is` : `shards ${list.slice(0, -1).join(', ')} and ${list.at(-1)} are`;
    super(`${shards} missing (${names.size} of ${count} given)`, {}, 'merge');
  }
}

/** What a result counts, in words: "4x3 over 4 symbols" (", pruned" with --prune). */
function describe(r: EnumerationResult): string {
  return `${r.rows}x${r.cols} over ${r.symbols} symbol${r.symbols === 1 ? '' : 's'}${r.prune ? ', pruned' : ''}`;
}

/**
 * The sum of the shards, as one result covering the whole space. With `sample`, a set with shards
 * missing is added up too, as a sample that says so (`sample`: how many shards of how many); the
 * checks of what the shards count are the same.
 */
export function mergeResults(files: readonly ShardFile[], { sample = false }: { readonly sample?: boolean } = {}): EnumerationResult {
  if (files.length === 0) throw new InputError('no shard files to merge');
  const results = files.map((f) => ({ name: f.name, result: validResult(f) }));
  const first = results[0]!;
  const count = first.result.shard!.count;
  const byIndex = new Map<number, string>();
  for (const { name, result } of results) {
    const shard = result.shard!;
    // Version first: another version may split or count differently, whatever else agrees.
    if (result.version !== first.result.version)
      throw new InputError(`it was counted by hitori-sat ${result.version}, but ${first.name} by ${first.result.version}`, {}, name);
    if (describe(result) !== describe(first.result))
      throw new InputError(`it counts ${describe(result)}, but ${first.name} counts ${describe(first.result)}`, {}, name);
    if (JSON.stringify(result.rating) !== JSON.stringify(first.result.rating))
      throw new InputError(
        `it was rated with ${JSON.stringify(result.rating)}, but ${first.name} with ${JSON.stringify(first.result.rating)}`,
        {},
        name,
      );
    if (shard.count !== count || shard.depth !== first.result.shard!.depth)
      throw new InputError(
        `it is shard ${shard.index}/${shard.count}, but ${first.name} is one of ${count} shards${shard.count === count ? ' split at another depth' : ''}`,
        {},
        name,
      );
    const twin = byIndex.get(shard.index);
    if (twin !== undefined)
      throw new InputError(
        `shard ${shard.index}/${count} is given twice: ${twin === name ? 'the same file twice' : `here and in ${twin}`}`,
        {},
        name,
      );
    byIndex.set(shard.index, name);
  }
  const missing = Array.from({ length: count }, (_, k) => k).filter((k) => !byIndex.has(k));
  if (missing.length > 0 && !sample) throw new MissingShardsError({ missing, spec: first.result, names: byIndex });
  let total: EnumerationCounts = results[0]!.result;
  for (const { result } of results.slice(1)) total = addCounts(total, result);
  const size = first.result;
  // A sample covers the sequences its shards say they hold; the whole set, every sequence.
  const expected = missing.length > 0 ? results.reduce((s, { result }) => s + result.expectedClasses, 0) : classCount(size);
  if (total.classes !== expected)
    throw new InputError(
      missing.length > 0
        ? `the shards count ${total.classes} sequences in all, but say they hold ${expected}`
        : `the shards count ${total.classes} sequences in all, but ${size.rows}x${size.cols} has ${expected}`,
      {},
      'merge',
    );
  return {
    format: resultFormat,
    version: size.version,
    rows: size.rows,
    cols: size.cols,
    symbols: size.symbols,
    prune: size.prune,
    rating: size.rating,
    shard: null,
    mergedShards: results.length,
    ...(missing.length > 0 ? { sample: { shards: results.length, of: count } } : {}),
    complete: true,
    itemsDone: results.reduce((s, { result }) => s + result.itemsDone, 0),
    items: results.reduce((s, { result }) => s + result.items, 0),
    expectedClasses: expected,
    classes: total.classes,
    pruned: total.pruned,
    conventions: total.conventions,
    histogram: total.histogram,
    timeMs: results.reduce((s, { result }) => s + result.timeMs, 0),
  };
}

/** The file's result, checked field by field; a problem is an InputError naming the file. */
function validResult(file: ShardFile): EnumerationResult {
  const fail = (problem: string): never => {
    throw new InputError(problem, {}, file.name);
  };
  const d = file.data as Record<string, unknown> | null;
  if (d === null || typeof d !== 'object' || Array.isArray(d)) return fail('not an enumeration result (expected a JSON object)');
  if (d.format !== resultFormat)
    return fail(`not an enumeration result (format is ${JSON.stringify(d.format)}, expected "${resultFormat}")`);
  const count = (key: string, value: unknown = d[key]): number => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      return fail(`${key} must be a whole number, got ${JSON.stringify(value)}`);
    return value;
  };
  for (const key of ['rows', 'cols', 'symbols', 'classes', 'pruned', 'itemsDone', 'items', 'expectedClasses', 'timeMs']) count(key);
  if (typeof d.version !== 'string') fail('version is missing');
  if (typeof d.prune !== 'boolean') fail('prune must be true or false');
  const shard = d.shard as Record<string, unknown> | null;
  if (shard === null || typeof shard !== 'object')
    return fail('it is not a shard (run with --shard i/n); a whole enumeration needs no merge');
  const index = count('shard.index', shard.index);
  const n = count('shard.count', shard.count);
  count('shard.depth', shard.depth);
  if (n < 1 || index >= n) fail(`shard index ${index} is not below the shard count ${n}`);
  if (d.complete !== true)
    fail(`shard ${index}/${n} stopped early (${d.itemsDone} of ${d.items} items, the time limit?): run it again to the end`);
  const verdicts = d.conventions as Record<string, Verdicts> | undefined;
  if (verdicts === undefined || typeof verdicts !== 'object' || Object.keys(verdicts).sort().join() !== [...conventions].sort().join())
    fail(`conventions must count ${conventions.join(', ')}`);
  for (const name of conventions)
    for (const key of ['none', 'unique', 'multiple'] as const) count(`conventions.${name}.${key}`, verdicts![name]![key]);
  const rating = d.rating as Record<string, unknown> | null;
  const histogram = d.histogram as Record<string, unknown> | null;
  if ((rating === null) !== (histogram === null)) fail('rating and histogram must both be present or both be null');
  if (histogram !== null) {
    if (typeof histogram !== 'object') fail('histogram must be an object');
    for (const key of histogramKeys) count(`histogram.${key}`, histogram[key]);
  }
  return d as unknown as EnumerationResult;
}
