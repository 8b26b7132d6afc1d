/** `generate` under Node: the puzzles spread over worker threads (`jobs`), the same puzzles per seed. */
import { throttled } from '../../control/progress.js';
import type { NodeFace } from '../handler.js';
import { refuseOutOfReach, specOf, tryEvent } from './handler.js';

export const node: NodeFace<'generate'> = {
  async handler(request, { limit, options, progress }) {
    const { generateMany } = await import('../../generate/generate-run.js');
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
};
