/** `repair`: the fewest number changes that make the puzzle unique (src/repair/repair.ts). */
import type { Handler } from '../handler.js';

export const handler: Handler<'repair'> = async (request, { limit, progress }) => {
  const { repairPuzzle } = await import('../../repair/repair.js');
  const { keep, maxChanges, alternatives } = request;
  return repairPuzzle(request.puzzle, {
    ...(keep === undefined ? {} : { keep }),
    ...(maxChanges === undefined ? {} : { maxChanges }),
    ...(alternatives === undefined ? {} : { alternatives }),
    limit,
    onProgress: progress,
  });
};
