/**
 * The spec and the result record of an enumeration: what shards of one enumeration must agree on,
 * and the self-describing JSON that `mergeResults` adds up. Types and a constant only, so that the
 * request API (browser-safe) can name them without loading the worker-thread runner.
 */
import type { RuleSet } from '../rules/types.js';
import type { EnumerationCounts, EnumerationSize } from './enumerate.js';
import type { Shard } from './enumerate-split.js';

/** How the histogram is made: the rule engine's rule set, and whether one grid per symmetry orbit is rated. */
interface RatingSpec {
  readonly ruleSet: RuleSet;
  readonly symmetry: boolean;
}

/** What an enumeration counts; shards of one enumeration must agree on all of it. */
export interface EnumerationSpec extends EnumerationSize {
  readonly prune: boolean;
  /** null: no histogram (only the convention counts). */
  readonly rating: RatingSpec | null;
}

export const resultFormat = 'hitori-sat enumerate';

/** The JSON record of an enumeration, a shard of one, or a merge of shards. */
export interface EnumerationResult extends EnumerationCounts {
  readonly format: typeof resultFormat;
  /** The hitori-sat version that counted. */
  readonly version: string;
  readonly rows: number;
  readonly cols: number;
  readonly symbols: number;
  readonly prune: boolean;
  readonly rating: RatingSpec | null;
  /** Which part of the space: null for all of it (unsharded, or merged from every shard). */
  readonly shard: (Shard & { readonly depth: number }) | null;
  /** For a merge: how many shards it adds up. */
  readonly mergedShards?: number;
  /**
   * For a merge of some shards only (`--merge --sample`): how many of how many. The counts then
   * cover those shards' sequences (`expectedClasses`), a sample of the whole, not the whole.
   */
  readonly sample?: { readonly shards: number; readonly of: number };
  /** False when the run stopped early (time limit): the counts cover only `itemsDone` items. */
  readonly complete: boolean;
  readonly itemsDone: number;
  readonly items: number;
  /** The sequences in this part of the space (= `classes` when complete). */
  readonly expectedClasses: number;
  /** Wall-clock time of the run (for a merge: the sum over shards). */
  readonly timeMs: number;
}
