/**
 * `enumerate`: its request and its result. Its spec is checked by the Node handler (node.ts),
 * which alone runs it: the check loads the enumeration's size table.
 */
import type { MissingShards, ShardFile } from '../../enumerate/enumerate-merge.js';
import type { EnumerationResult, EnumerationSpec } from '../../enumerate/enumerate-result.js';
import type { Shard } from '../../enumerate/enumerate-split.js';
import type { Bounded } from '../bounded.js';

/** Count every grid of a size up to renaming the symbols; one shard of it; or add shard results up. */
export type EnumerateRequest = Bounded & { readonly command: 'enumerate'; readonly jobs?: number } & (
    | { readonly spec: EnumerationSpec; readonly shard?: Shard; readonly version: string }
    | { readonly merge: readonly ShardFile[]; readonly sample?: boolean }
  );

export type EnumerateResult = EnumerationResult;

export type { EnumerationResult, EnumerationSpec, MissingShards, ShardFile };

/** Nothing to check in this thread: the browser refuses the command, and Node checks the spec (node.ts). */
export function checkEnumerate(_request: EnumerateRequest): void {}
