/** `solve` under Node: also external solver programs, and MiniSat bounded in a worker thread. */
import type { NodeFace } from '../handler.js';
import { engineOptions, withCertificate } from './handler.js';

export const node: NodeFace<'solve'> = {
  async handler(request, context) {
    const { solveBounded } = await import('../../solve/bounded.js');
    return withCertificate(request, context.limit, () => solveBounded(request.puzzle, engineOptions(request, context)));
  },
};
