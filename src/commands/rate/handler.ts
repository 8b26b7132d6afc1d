/** `rate`: the difficulty class by the rule engine (src/rules/rating.ts). */
import { withRulesProgress, type Handler } from '../handler.js';

export const handler: Handler<'rate'> = async (request, { limit, progress }) => {
  const { rate } = await import('../../rules/rating.js');
  return rate(request.puzzle, {
    ruleSet: request.techniques ?? 'thesis',
    limit,
    ...withRulesProgress(progress),
  });
};
