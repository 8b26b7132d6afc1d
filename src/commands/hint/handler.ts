/** `hint`: the wrong marks, or else the next deduction from the marks (src/solve/hint.ts). */
import { withRulesProgress, type Handler } from '../handler.js';

export const handler: Handler<'hint'> = async (request, { limit, progress }) => {
  const { hint } = await import('../../solve/hint.js');
  return hint(request.puzzle, request.marks, {
    limit,
    ...withRulesProgress(progress),
    ...(request.circleNeighbours === undefined ? {} : { circleNeighbours: request.circleNeighbours }),
  });
};
