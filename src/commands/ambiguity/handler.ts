/** `ambiguity`: the backbone by SAT (src/solve/ambiguity.ts). */
import type { Handler } from '../handler.js';

export const handler: Handler<'ambiguity'> = async (request, { limit, progress }) => {
  const { ambiguityMap } = await import('../../solve/ambiguity.js');
  return ambiguityMap(request.puzzle, {
    ...(request.convention === undefined ? {} : { convention: request.convention }),
    limit,
    onProgress: (message) => progress({ phase: 'ambiguity', done: 0, message }),
  });
};
