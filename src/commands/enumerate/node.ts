/** `enumerate` under Node: the enumeration on worker threads, one shard of it, or shard results added up. */
import { InputError, UsageError } from '../../control/errors.js';
import type { EnumerationSpec } from '../../enumerate/enumerate-result.js';
import { ruleSetNames } from '../../rules/types.js';
import type { NodeFace } from '../handler.js';
import { validateChoice, validateCount } from '../validate.js';

export const node: NodeFace<'enumerate'> = {
  async handler(request, { limit, progress }) {
    if ('merge' in request) {
      const { mergeResults } = await import('../../enumerate/enumerate-merge.js');
      return mergeResults(request.merge, { sample: request.sample === true });
    }
    const { runEnumeration } = await import('../../enumerate/enumerate-run.js');
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
  const { sizeProblem } = await import('../../enumerate/enumerate.js');
  const problem = sizeProblem(spec as EnumerationSpec);
  if (problem !== null) throw fail(problem);
}

function rateText(x: number): string {
  return x >= 1e6 ? `${(x / 1e6).toFixed(1)}M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)}k` : x.toFixed(0);
}

function secondsText(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${Math.round(s % 60)}s` : `${Math.round(s)}s`;
}
