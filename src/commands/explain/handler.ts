/** `explain`: the rule engine's solve, every deduction told. */
import { withRulesProgress, type Handler } from '../handler.js';

export const handler: Handler<'explain'> = async (request, { limit, progress }) => {
  const { explainPuzzle } = await import('../../rules/explain.js');
  const { puzzle, maxLevel, techniques, assumeUnique } = request;
  return explainPuzzle(puzzle, {
    ...(maxLevel === undefined ? {} : { maxLevel }),
    ...(techniques === undefined ? {} : { techniques }),
    ...(assumeUnique === undefined ? {} : { assumeUnique: assumeUnique !== false }),
    limit,
    ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
    ...withRulesProgress(progress),
  });
};
